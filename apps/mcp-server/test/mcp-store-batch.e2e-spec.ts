// memory.store_batch (issue 39) through the official SDK client over HTTP, on both engines: each
// record is judged by the gate on its own; an invalid record fails the call and writes nothing.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

const backends = [
  { name: 'embedded PGlite', env: async () => ({}) },
  { name: 'native Postgres', env: async () => ({ DATABASE_URL: await createEmptyPostgresDatabase() }) },
];

beforeAll(() => buildApp('mcp-server'));

describe.each(backends)('memory.store_batch ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const listed = async () => ((await call('memory.list', { limit: 200 })).structuredContent as { items: unknown[] }).items.length;

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-batch-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('stores each record through the gate and answers each in order', async () => {
    const facts = Array.from({ length: 30 }, (_, i) => ({ type: 'fact', content: `Batch fact ${i}: service ${i} runs on port ${8000 + i}` }));
    const records = [
      ...facts,
      { type: 'fact', content: 'Deploy token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB for the bot' },
      { type: 'preference', content: 'The team prefers squash merges', tags: ['git'] },
      { type: 'preference', content: 'The team prefers squash merges', tags: ['git'] },
    ];
    const res = await call('memory.store_batch', { records });
    expect(res.isError).toBeFalsy();
    const out = res.structuredContent as { results: Array<{ index: number; id: string; status: string; code?: string }>; counts: Record<string, number> };
    expect(out.results.map((r) => r.index)).toEqual(records.map((_, i) => i));
    expect(out.results.slice(0, 30).every((r) => r.status === 'approved')).toBe(true);
    expect(new Set(out.results.slice(0, 30).map((r) => r.id)).size).toBe(30);
    expect(out.results[30]).toMatchObject({ status: 'rejected', code: 'SECRET_DETECTED' });
    // Two identical records in one call make one memory (the gate's duplicate rule holds inside a batch).
    expect(out.results[31]?.id).toBe(out.results[32]?.id);
    expect(out.counts).toEqual({ approved: 32, pending: 0, rejected: 1 });
    expect(await listed()).toBe(31);
    const found = (await call('memory.search', { query: 'port 8007', mode: 'keyword' })).structuredContent as { results: Array<{ id: string }> };
    expect(found.results[0]?.id).toBe(out.results[7]?.id);
  });

  it('refuses a batch with one invalid record by name and writes none of it', async () => {
    const before = await listed();
    const res = await call('memory.store_batch', { records: [{ type: 'fact', content: 'A valid record in a bad batch' }, { type: 'fact', content: '   ' }] });
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toMatch(/records\.1\.content|content must not be empty/);
    expect(await listed()).toBe(before);
    const tooMany = await call('memory.store_batch', { records: Array.from({ length: 101 }, (_, i) => ({ type: 'fact', content: `fact ${i}` })) });
    expect(tooMany.isError).toBe(true);
    expect(await listed()).toBe(before);
  });
});
