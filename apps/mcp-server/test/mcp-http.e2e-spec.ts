import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

const TOOL_NAMES = [
  'memory.store', 'memory.get', 'memory.list', 'memory.search', 'remember', 'recall', 'forget',
  'memory.update', 'memory.supersede', 'memory.invalidate', 'memory.archive', 'memory.promote', 'memory.history',
  'prd_context', 'prd_event', 'prd_decision', 'prd_status', 'start_thinking', 'think', 'finish_thinking', 'recall_reasoning',
  'memory.retrieve', 'memory.validate',
  'memory.feedback', 'memory.reinforce',
  'events.ingest', 'memory.store_batch',
  'toc.root', 'toc.node', 'toc.browse', 'events.range', 'grip.expand', 'toc.search',
];
const MAX_BODY = 65_536;

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

beforeAll(() => buildApp('mcp-server'));

describe.each(processBackends)('MCP server over Streamable HTTP ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;

  beforeAll(async () => {
    server = await startHttpServer({
      ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`,
      ENGRAM_MAX_BODY_BYTES: String(MAX_BODY), ...(await backend.env()),
    });
    client = await connect(server.url);
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('lists every tool with strict input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.description?.length).toBeGreaterThan(20);
    }
  });

  it('stores through the gate, then gets, searches and recalls the record', async () => {
    const content = `We chose PostgreSQL with pgvector for engram storage ${backend.name}`;
    const stored = structured(await client.callTool({ name: 'memory.store', arguments: { type: 'decision', content, tags: ['storage'] } }));
    expect(stored).toMatchObject({ status: 'approved' });
    const got = structured(await client.callTool({ name: 'memory.get', arguments: { id: stored.id } }));
    expect(got.record).toMatchObject({ id: stored.id, content, type: 'decision', version: 1, tags: ['storage'] });
    const found = structured(await client.callTool({ name: 'memory.search', arguments: { query: 'pgvector storage', mode: 'keyword' } }));
    expect(found.results.map((r: { id: string }) => r.id)).toContain(stored.id);
    const recalled = await client.callTool({ name: 'recall', arguments: { query: 'PostgreSQL pgvector storage' } });
    expect(structured(recalled).memories.map((m: { id: string }) => m.id)).toContain(stored.id);
    expect((recalled as CallToolResult).content[0]).toMatchObject({ type: 'text' });
    const after = structured(await client.callTool({ name: 'memory.get', arguments: { id: stored.id } }));
    expect(after.record.access_count).toBeGreaterThanOrEqual(1);
  });

  it('stores graph links to an existing memory and refuses a link into another scope', async () => {
    const store = async (args: Record<string, unknown>) => (await client.callTool({ name: 'memory.store', arguments: args })) as CallToolResult;
    const base = structured(await store({ type: 'fact', content: `The graph base record on ${backend.name}`, scope: 'project:links' }));
    const derived = await store({ type: 'fact', content: `A conclusion drawn on ${backend.name}`, scope: 'project:links', links: [{ kind: 'derived_from', target: base.id }] });
    expect(structured(derived)).toMatchObject({ status: 'approved' });
    const foreign = structured(await store({ type: 'fact', content: `A record of another project on ${backend.name}`, scope: 'project:elsewhere' }));
    const cross = await store({ type: 'fact', content: 'This link crosses scopes', scope: 'project:links', links: [{ kind: 'relates_to', target: foreign.id }] });
    expect(cross.isError).toBe(true);
    expect(structured(cross)).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    const badKind = await store({ type: 'fact', content: 'Bad link kind', scope: 'project:links', links: [{ kind: 'supersedes', target: base.id }] });
    expect(badKind.isError).toBe(true);
  });

  it('queues a belief for manual review and answers pending with a request id', async () => {
    const res = structured(await client.callTool({ name: 'remember', arguments: { type: 'belief', content: 'The team prefers small pull requests' } }));
    expect(res.status).toBe('pending');
    expect(res.request_id).toEqual(expect.any(String));
    const list = structured(await client.callTool({ name: 'memory.list', arguments: { type: 'belief' } }));
    expect(list.items).toHaveLength(0);
  });

  it('rejects invalid input with a clear tool error and writes nothing', async () => {
    const before = structured(await client.callTool({ name: 'memory.list', arguments: {} })).items.length;
    const unknownKey = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'x', colour: 'red' } })) as CallToolResult;
    expect(unknownKey.isError).toBe(true);
    expect(JSON.stringify(unknownKey.content)).toMatch(/colour/);
    const empty = (await client.callTool({ name: 'remember', arguments: { content: '   ' } })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(JSON.stringify(empty.content)).toMatch(/content must not be empty/);
    const badType = (await client.callTool({ name: 'memory.store', arguments: { type: 'nonsense', content: 'y' } })) as CallToolResult;
    expect(badType.isError).toBe(true);
    expect(structured(badType)).toMatchObject({ status: 'rejected', code: 'UNKNOWN_TYPE' });
    expect(structured(await client.callTool({ name: 'memory.list', arguments: {} })).items).toHaveLength(before);
  });

  it('answers RECORD_NOT_FOUND for an unknown id', async () => {
    const res = (await client.callTool({ name: 'memory.get', arguments: { id: '00000000-0000-4000-8000-000000000000' } })) as CallToolResult;
    expect(res.isError).toBe(true);
    expect(structured(res)).toMatchObject({ code: 'RECORD_NOT_FOUND' });
  });

  it('answers 404 to an unknown session', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'no-such-session' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
  });

  it('answers an oversized body with HTTP 413 and a JSON-RPC error', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(MAX_BODY * 2) } }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/too large/i) } });
  });

  it('rejects a foreign Host header (DNS rebinding protection)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolveStatus, reject) => {
      const req = request(server.url, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolveStatus(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });

  it('reports database, model, queues and config on /health without secrets', async () => {
    const res = await fetch(`${server.baseUrl}/health`);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({
      database: { ok: true, backend: backend.name.startsWith('native') ? 'postgres' : 'pglite' },
      model: { ok: testModelDir() !== undefined },
      gate: { pending: expect.any(Number) },
      conversation: { pendingOutbox: expect.any(Number) },
      config: expect.any(Object),
    });
    expect(body.gate.pending).toBeGreaterThanOrEqual(1);
    expect(body.config.http.apiKey).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/password/i);
  });
});

describe('MCP server with an API key', () => {
  const home = tempHome();
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: 'e2e-secret-key' });
  });

  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it.each([
    ['missing', {}],
    ['wrong', { authorization: 'Bearer not-the-key' }],
  ])('refuses a %s key with 401', async (_label, headers) => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/API key/) } });
  });

  it('serves a client that sends the key, and keeps the key out of /health', async () => {
    const client = await connect(server.url, { authorization: 'Bearer e2e-secret-key' });
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOL_NAMES.length);
    await client.close();
    const health = await (await fetch(`${server.baseUrl}/health`)).text();
    expect(health).not.toContain('e2e-secret-key');
  });
});
