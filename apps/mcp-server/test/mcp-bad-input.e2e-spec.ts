import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

/*
 * Issue 17, item 5, through the official MCP client: inputs that answered INTERNAL_ERROR "retry"
 * while the caller's input was at fault. Each answers a specific code and writes nothing.
 */
function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i++) v = { d: v };
  return v;
}

beforeAll(() => buildApp('mcp-server'));

describe.each(processBackends)('MCP tools answer bad input with a specific error ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const count = async () => structured(await call('memory.list', { limit: 500 })).items.length as number;

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it.each([
    ['NUL in content', { type: 'fact', content: 'a\u0000b' }, /NUL/],
    ['NUL in metadata', { type: 'fact', content: 'ok', metadata: { k: 'v\u0000' } }, /NUL/],
    ['lone surrogate', { type: 'fact', content: 'broken \uD83D text' }, /surrogate/],
    // 40 levels: past the arguments' limit (32), within the body's (64, which refuses deeper bodies
    // before parsing: mcp-json-limits.e2e-spec.ts); the gate-level test sends 5,000.
    ['metadata nested 40 deep', { type: 'fact', content: 'deep', metadata: nested(40) }, /nested deeper/],
    ['year 0000', { type: 'fact', content: 'old', temporal_valid_from: '0000-01-01T00:00:00Z' }, /0001 and 9999|date/i],
  ])('memory.store: %s', async (_name, args, message) => {
    const before = await count();
    const res = await call('memory.store', args);
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toMatch(message);
    expect(JSON.stringify(res.content)).not.toMatch(/INTERNAL_ERROR/);
    expect(await count()).toBe(before);
  });

  it('memory.get with version 2^31 and memory.list with bad JSONPath answer input errors', async () => {
    const stored = structured(await call('memory.store', { type: 'fact', content: `A record for bad reads on ${backend.name}` }));
    const version = await call('memory.get', { id: stored.id, version: 2 ** 31 });
    expect(version.isError).toBe(true);
    expect(JSON.stringify(version.content)).not.toMatch(/INTERNAL_ERROR/);
    for (const path of ['strict $.nope', '$ ? (@.k == $x)', 'strict $.k / 0']) {
      const res = await call('memory.list', { metadata_filter: path });
      expect(res.isError).toBe(true);
      expect(structured(res)).toMatchObject({ code: 'INVALID_FILTER' });
    }
  });

  // The driver stored a lone surrogate as U+FFFD, silently (issue 17).
  it('events.ingest refuses a lone surrogate with INVALID_INPUT naming the event and writes nothing', async () => {
    const ingested = async () => (structured(await call('events.range', { scope: 'project:badinput', limit: 1000 })).events as unknown[]).length;
    const fine = { session_id: 's0', ts: '2026-11-26T09:59:00Z', kind: 'note', text: 'the range sees stored events', project: 'project:badinput' };
    expect((await call('events.ingest', { events: [fine] })).isError).toBeFalsy();
    const before = await ingested();
    expect(before).toBe(1);
    const res = await call('events.ingest', {
      events: [
        { session_id: 's1', ts: '2026-11-26T10:00:00Z', kind: 'user_message', text: 'fine', project: 'project:badinput' },
        { session_id: 's1', ts: '2026-11-26T10:01:00Z', kind: 'tool_result', text: 'broken \uD83D output', project: 'project:badinput' },
      ],
    });
    expect(res.isError).toBe(true);
    expect(structured(res).code).toBe('INVALID_INPUT');
    expect(structured(res).message).toMatch(/events\[1\]\.text contains a lone UTF-16 surrogate/);
    expect(await ingested()).toBe(before);
  });

  it('a NUL in a search query answers INVALID_INPUT, not INTERNAL_ERROR', async () => {
    const res = await call('memory.search', { query: 'find\u0000me' });
    if (res.isError) expect(structured(res).code).not.toBe('INTERNAL_ERROR');
  });
});
