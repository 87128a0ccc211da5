import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

const CORRECTION_TOOLS = ['memory.update', 'memory.supersede', 'memory.invalidate', 'memory.archive', 'memory.promote', 'memory.history'];

interface Backend {
  name: string;
  /** The second run also proves the underscore names follow from the naming option. */
  names: 'dotted' | 'underscore';
  env(): Promise<Record<string, string | undefined>>;
}

const backends: Backend[] = [
  { name: 'embedded PGlite', names: 'dotted', env: async () => ({}) },
  { name: 'native Postgres', names: 'underscore', env: async () => ({ DATABASE_URL: await createEmptyPostgresDatabase(), ENGRAM_MCP_TOOL_NAMES: 'underscore' }) },
];

function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

beforeAll(() => buildApp('mcp-server'));

describe.each(backends)('MCP correction tools ($name, $names names)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const wire = (name: string) => (backend.names === 'underscore' ? name.replace(/\./g, '_') : name);
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name: wire(name), arguments: args })) as CallToolResult;
  const ok = async (name: string, args: Record<string, unknown>) => {
    const res = await call(name, args);
    if (res.isError) throw new Error(`${name} failed: ${JSON.stringify(res.structuredContent)}`);
    return structured(res);
  };
  const store = async (content: string, extra: Record<string, unknown> = {}) => {
    const r = await ok('memory.store', { type: 'fact', content, ...extra });
    expect(r.status).toBe('approved');
    return r.id as string;
  };
  const searchIds = async (query: string) =>
    (await ok('memory.search', { query, mode: 'keyword' })).results.map((r: { id: string }) => r.id) as string[];
  const recallIds = async (query: string) => (await ok('recall', { query })).memories.map((m: { id: string }) => m.id) as string[];

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-corrections-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('lists the correction tools under the configured names with strict schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(CORRECTION_TOOLS.map(wire)));
    for (const tool of tools.filter((t) => CORRECTION_TOOLS.map(wire).includes(t.name))) {
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
  });

  it('refuses an update with a stale expected_version (VERSION_CONFLICT) and writes nothing', async () => {
    const id = await store('The staging cluster runs in the Frankfurt region');
    const res = await call('memory.update', { id, expected_version: 2, content: 'The staging cluster runs in Dublin' });
    expect(res.isError).toBe(true);
    expect(structured(res)).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    expect((await ok('memory.get', { id })).record).toMatchObject({ version: 1, content: 'The staging cluster runs in the Frankfurt region' });
    expect((await ok('memory.history', { id })).versions).toHaveLength(1);
  });

  it('refuses an update that changes nothing before it reaches the gate', async () => {
    const id = await store('Release notes are written in the pull request description');
    const res = await call('memory.update', { id, expected_version: 1 });
    expect(res.isError).toBe(true);
    expect(JSON.stringify(res.content)).toMatch(/at least one of content/);
  });

  it('updates to version 2 while version 1 stays readable', async () => {
    const id = await store('The nightly backup starts at 02:00 UTC');
    const updated = await ok('memory.update', { id, expected_version: 1, content: 'The nightly backup starts at 03:30 UTC', tags: ['backup'] });
    expect(updated).toMatchObject({ id, status: 'approved', version: 2 });
    expect((await ok('memory.get', { id })).record).toMatchObject({ version: 2, content: 'The nightly backup starts at 03:30 UTC', tags: ['backup'] });
    expect((await ok('memory.get', { id, version: 1 })).record).toMatchObject({ version: 1, content: 'The nightly backup starts at 02:00 UTC', tags: [] });
    const history = (await ok('memory.history', { id })).versions;
    expect(history.map((v: { operation: string }) => v.operation)).toEqual(['create', 'update']);
  });

  it('supersedes: search and recall return only the replacement, history keeps the chain', async () => {
    const oldId = await store('Invoices are generated by the legacy billing cron job');
    const sup = await ok('memory.supersede', {
      id: oldId, expected_version: 1, reason: 'billing moved', replacement: { content: 'Invoices are generated by the Stripe billing webhook' },
    });
    expect(sup).toMatchObject({ status: 'approved', supersedes: oldId });
    const newId = sup.id as string;
    expect(newId).not.toBe(oldId);
    expect(await searchIds('invoices billing')).toEqual(expect.arrayContaining([newId]));
    expect(await searchIds('invoices billing')).not.toContain(oldId);
    const recalled = await recallIds('how are invoices generated billing');
    expect(recalled).toContain(newId);
    expect(recalled).not.toContain(oldId);
    expect((await ok('memory.get', { id: newId })).record).toMatchObject({ type: 'fact', status: 'active' });
    const history = (await ok('memory.history', { id: oldId })).versions as Record<string, any>[];
    expect(history.map((v) => [v.version, v.operation, v.status])).toEqual([[1, 'create', 'active'], [2, 'supersede', 'superseded']]);
    expect(history[1]).toMatchObject({ superseded_by: newId, recorded_at: expect.any(String) });
  });

  it('invalidates: never returned as current again, still in history with the reason', async () => {
    const id = await store('The office wifi password rotates every Monday');
    const inv = await ok('memory.invalidate', { id, reason: 'it rotates monthly, this was wrong' });
    expect(inv).toMatchObject({ id, status: 'approved', version: 2, record_status: 'invalidated' });
    expect(await searchIds('office wifi password rotates')).not.toContain(id);
    expect(await recallIds('office wifi password rotation')).not.toContain(id);
    expect((await ok('memory.list', { type: 'fact' })).items.map((r: { id: string }) => r.id)).not.toContain(id);
    const last = (await ok('memory.history', { id })).versions.at(-1);
    expect(last).toMatchObject({ version: 2, operation: 'invalidate', status: 'invalidated', status_reason: 'it rotates monthly, this was wrong' });
  });

  it('archives a memory out of default search', async () => {
    const id = await store('The old monorepo lived on the Bitbucket server');
    expect(await ok('memory.archive', { id, reason: 'migrated' })).toMatchObject({ status: 'approved', version: 2 });
    expect(await searchIds('monorepo Bitbucket')).not.toContain(id);
    expect((await ok('memory.get', { id })).record).toMatchObject({ status: 'archived', archived: true, status_reason: 'migrated' });
    expect((await ok('memory.history', { id })).versions.map((v: { operation: string }) => v.operation)).toEqual(['create', 'archive']);
  });

  it('queues a promotion to global for review and answers pending with a request id', async () => {
    const id = await store('Acme uses trunk-based development', { scope: 'project:acme' });
    const res = await ok('memory.promote', { id, scope: 'project:acme' });
    expect(res).toMatchObject({ id, status: 'pending', request_id: expect.any(String) });
    expect((await ok('memory.get', { id, scope: 'project:acme' })).record).toMatchObject({ scope: 'project:acme', version: 1 });
  });

  it('answers RECORD_NOT_FOUND for a memory of another scope, and changes nothing', async () => {
    const id = await store('Project orion deploys with blue-green switches', { scope: 'project:orion' });
    for (const [tool, args] of [
      ['memory.update', { id, expected_version: 1, content: 'changed from outside' }],
      ['memory.supersede', { id, replacement: { content: 'replaced from outside' } }],
      ['memory.invalidate', { id, reason: 'from outside' }],
      ['memory.archive', { id }],
      ['memory.promote', { id }],
      ['memory.history', { id }],
    ] as const) {
      const res = await call(tool, args);
      expect(res.isError).toBe(true);
      expect(structured(res)).toMatchObject({ code: 'RECORD_NOT_FOUND' });
    }
    expect((await ok('memory.history', { id, scope: 'project:orion' })).versions).toHaveLength(1);
  });
});
