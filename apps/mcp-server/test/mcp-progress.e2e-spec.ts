// Progress notifications (issue 18, MCP utilities/progress): a client that sends a progressToken
// hears notifications/progress for long tools (events.ingest of a large batch, memory.feedback of
// many ids), strictly increasing, reaching the total once the work is durable; a client that sends
// none hears nothing. Official SDK client over the real Streamable HTTP transport, both backends.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ProgressNotificationSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, childEnv, mcpMain, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

beforeAll(() => buildApp('mcp-server'));

const events = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({
  event_id: `${prefix}-${i}`, session_id: 'progress-s1', ts: new Date(Date.UTC(2026, 0, 10, 9, 0, i)).toISOString(), kind: 'user_message', text: `message ${i} about the billing shard`,
}));

function expectIncreasing(heard: Progress[], total: number): void {
  expect(heard.length).toBeGreaterThan(1);
  heard.slice(1).forEach((p, i) => expect(p.progress).toBeGreaterThan(heard[i]!.progress));
  expect(heard.every((p) => p.total === total)).toBe(true);
  expect(heard.at(-1)).toMatchObject({ progress: total, total });
}

describe.each(processBackends)('MCP progress notifications ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  beforeAll(async () => {
    server = await startHttpServer({ ...(await backend.env()), ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` }, ['--project', 'progress-e2e']);
    client = new Client({ name: 'progress', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('reports a 1000-event ingest every 100 events, the total once committed', async () => {
    const heard: Progress[] = [];
    const r = (await client.callTool({ name: 'events.ingest', arguments: { events: events('big', 1000) } }, undefined, { onprogress: (p) => heard.push(p) })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ inserted: 1000, duplicates: 0 });
    expectIncreasing(heard, 1000);
    expect(heard.map((p) => p.progress)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(heard[0]!.message).toMatch(/not yet committed/);
    expect(heard.at(-1)!.message).toMatch(/committed/);
  });

  it('reports each id of a memory.feedback', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const stored = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: `Shard ${i} is served from region ${i}` } })) as CallToolResult;
      ids.push((stored.structuredContent as { id: string }).id);
    }
    const heard: Progress[] = [];
    const r = (await client.callTool({ name: 'memory.feedback', arguments: { memory_ids: [...ids, '00000000-0000-4000-8000-000000000000'], outcome: 'success' } }, undefined, { onprogress: (p) => heard.push(p) })) as CallToolResult;
    expect(r.structuredContent).toMatchObject({ recorded: 5 });
    expectIncreasing(heard, 6);
    expect(heard.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sends no progress notification to a client that sends no progressToken', async () => {
    // A second client that counts every progress notification reaching it, whatever its token.
    const counting = new Client({ name: 'progress-counting', version: '1' });
    const seen: unknown[] = [];
    counting.setNotificationHandler(ProgressNotificationSchema, (n) => void seen.push(n.params));
    await counting.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const r = (await counting.callTool({ name: 'events.ingest', arguments: { events: events('quiet', 1000) } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ inserted: 1000 });
      expect(seen).toEqual([]);
      // The same client does hear them once it sends a token: the counter above works.
      await counting.callTool({ name: 'events.ingest', arguments: { events: events('loud', 300) }, _meta: { progressToken: 'probe-1' } });
      expect(seen).toEqual([
        expect.objectContaining({ progressToken: 'probe-1', progress: 100, total: 300 }),
        expect.objectContaining({ progressToken: 'probe-1', progress: 200, total: 300 }),
        expect.objectContaining({ progressToken: 'probe-1', progress: 300, total: 300 }),
      ]);
    } finally {
      await counting.close();
    }
  });
});

describe('MCP progress notifications, stateless mode (ENGRAM_MCP_STATELESS=1)', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('sends them on the request stream without a session', async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_MCP_STATELESS: '1' }, ['--project', 'progress-e2e']);
    const client = new Client({ name: 'progress-stateless', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const heard: Progress[] = [];
      const r = (await client.callTool({ name: 'events.ingest', arguments: { events: events('stateless', 250) } }, undefined, { onprogress: (p) => heard.push(p) })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ inserted: 250 });
      expect(heard.map((p) => p.progress)).toEqual([100, 200, 250]);
    } finally {
      await client.close();
    }
  });
});

describe('MCP progress notifications over stdio', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it('sends them before the result', async () => {
    const client = new Client({ name: 'progress-stdio', version: '1' });
    const env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio', '--tools', 'full', '--project', 'progress-e2e'], env: childEnv(env), stderr: 'pipe' }));
    // Heard through a notification handler, not callTool's onprogress: the SDK client (1.32)
    // hands a notification to its handler in a microtask but drops the request's progress
    // handler synchronously when the result arrives, so over stdio, where the last notification
    // and the result often come in one pipe read, onprogress loses the last notification. The
    // handler below is queued before the result is handled, so it hears everything the server
    // sent before the result, which is what this test is about.
    const heard: Array<{ progressToken: unknown; progress: number; total?: number }> = [];
    client.setNotificationHandler(ProgressNotificationSchema, (n) => void heard.push(n.params));
    try {
      const r = (await client.callTool({ name: 'events.ingest', arguments: { events: events('stdio', 150) }, _meta: { progressToken: 'stdio-1' } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ inserted: 150 });
      expect(heard.map((p) => [p.progressToken, p.progress, p.total])).toEqual([['stdio-1', 100, 150], ['stdio-1', 150, 150]]);
    } finally {
      await client.close();
    }
  });
});
