import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, childEnv, mcpMain, tempHome } from '../../../tools/test/app-process.js';

beforeAll(() => buildApp('mcp-server'));

interface Backend {
  name: string;
  env(home: string): Promise<Record<string, string | undefined>>;
}

const backends: Backend[] = [
  { name: 'embedded PGlite', env: async (home) => ({ ENGRAM_HOME: home }) },
  { name: 'native Postgres', env: async (home) => ({ ENGRAM_HOME: home, DATABASE_URL: await createEmptyPostgresDatabase() }) },
];

// Rough token estimate, the same rule the server applies (about 4 characters per token of JSON).
const tokensOf = (r: CallToolResult) =>
  Math.ceil(JSON.stringify(r.structuredContent).length / 4) + Math.ceil(JSON.stringify((r.content[0] as { text: string }).text).length / 4);

describe.each(backends)('MCP work-continuity tools ($name)', (backend) => {
  const home = tempHome();
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const data = (r: CallToolResult) => r.structuredContent as Record<string, any>;
  // A schema violation is refused either as an isError result or as a JSON-RPC error; both count, success does not.
  const refused = async (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }).then((r) => (r as CallToolResult).isError === true, () => true);

  beforeAll(async () => {
    const env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    client = new Client({ name: 'engram-e2e-continuity', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio', '--project', 'e2e'], env: childEnv(env), stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client?.close();
    home.remove();
  });

  it('lists the work-continuity tools with strict input schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['prd_context', 'prd_event', 'prd_decision', 'prd_status', 'start_thinking', 'think', 'finish_thinking', 'recall_reasoning']));
    const event = tools.find((t) => t.name === 'prd_event');
    expect(event?.inputSchema).toMatchObject({ additionalProperties: false, required: expect.arrayContaining(['prd_id', 'type', 'summary']) });
    const unknownPrd = '00000000-0000-4000-8000-000000000000';
    expect(await refused('prd_event', { prd_id: unknownPrd, type: 'test_passed', summery: 'typo' })).toBe(true);
    expect(await refused('prd_event', { prd_id: unknownPrd, type: 'requirement_exploded', summary: 'x' })).toBe(true);
    expect(await refused('think', { chain_id: 'not-a-uuid', content: 'x' })).toBe(true);
    expect(await refused('prd_status', { prd_id: unknownPrd, status: 'done' })).toBe(true);
  });

  it('tracks a PRD from start to compaction and reports domain errors as tool errors', async () => {
    const started = await call('prd_context', { prd_ref: 'docs/prd-search.md', title: 'Search', prd_content: '# Search v1', requirements: ['S1', 'S2'] });
    expect(started.isError).toBeFalsy();
    expect(data(started)).toMatchObject({ created: true, execution: { status: 'not_started', scope: 'project:e2e' }, progress: { not_started: ['S1', 'S2'] } });
    const id = data(started).execution.id as string;

    expect(data(await call('prd_event', { prd_id: id, type: 'requirement_started', requirement_id: 'S1', summary: 'index schema', event_id: 'e1' }))).toMatchObject({ duplicate: false, status: 'in_progress' });
    expect(data(await call('prd_event', { prd_id: id, type: 'requirement_started', requirement_id: 'S1', summary: 'index schema', event_id: 'e1' }))).toMatchObject({ duplicate: true });
    const dup = await call('prd_event', { prd_id: id, type: 'test_failed', summary: 'other', event_id: 'e1' });
    expect(dup).toMatchObject({ isError: true, structuredContent: { code: 'DUPLICATE_EVENT', remedy: 'fix-input' } });
    const outOfOrder = await call('prd_event', { prd_id: id, type: 'requirement_completed', requirement_id: 'S2', summary: 'never started' });
    expect(outOfOrder).toMatchObject({ isError: true, structuredContent: { code: 'EVENT_OUT_OF_ORDER' } });
    const decision = await call('prd_decision', { prd_id: id, decision: 'rank with reciprocal rank fusion', reason: 'robust without score calibration', alternatives: ['linear score blend'], requirement_id: 'S1' });
    expect(data(decision)).toMatchObject({ decision: { alternatives: ['linear score blend'], memory: { status: 'approved' } } });
    const unknown = await call('prd_context', { prd_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { code: 'PRD_NOT_FOUND', remedy: 'check-id' } });
    const both = await call('prd_context', { prd_id: id, prd_ref: 'x' });
    expect(both).toMatchObject({ isError: true, structuredContent: { code: 'INVALID_INPUT' } });
    const early = await call('prd_status', { prd_id: id, status: 'completed' });
    expect(early).toMatchObject({ isError: true, structuredContent: { code: 'INVALID_TRANSITION' } });

    for (let i = 0; i < 30; i++) await call('prd_event', { prd_id: id, type: 'test_passed', requirement_id: 'S1', summary: `search test ${i} passed after tuning the analyser` });
    const small = await call('prd_context', { prd_id: id, max_tokens: 600 });
    expect(tokensOf(small)).toBeLessThanOrEqual(600);
    expect(data(small).truncated.recent_events).toBeGreaterThan(0);

    await call('prd_event', { prd_id: id, type: 'requirement_completed', requirement_id: 'S1', summary: 'search ranks with RRF' });
    const done = await call('prd_status', { prd_id: id, status: 'completed' });
    expect(done.isError).toBeFalsy();
    expect(data(done)).toMatchObject({ status: 'completed', compaction: { decisions: { total: 1, formed: 1, failed: 0 } } });
    const resumed = await call('prd_context', { prd_ref: 'docs/prd-search.md', prd_content: '# Search v2' });
    expect(data(resumed)).toMatchObject({ created: false, prd_changed: true, execution: { id, status: 'completed' } });
    expect(data(resumed).narrative).toContain('rank with reciprocal rank fusion because robust without score calibration');
    const closed = await call('prd_event', { prd_id: id, type: 'test_passed', summary: 'late' });
    expect(closed).toMatchObject({ isError: true, structuredContent: { code: 'PRD_CLOSED' } });
  });

  it('reasons in chains and recalls similar reasoning', async () => {
    const chain = data(await call('start_thinking', { query: 'why do embedding jobs pile up after imports?' })).chain.id as string;
    expect(data(await call('think', { chain_id: chain, content: 'the worker is too slow' })).thought.number).toBe(1);
    expect(data(await call('think', { chain_id: chain, content: 'imports enqueue one job per record; singleton jobs batch them', revises: 1 })).thought).toMatchObject({ number: 2, revises: 1 });
    const bad = await call('think', { chain_id: chain, content: 'x', revises: 7 });
    expect(bad).toMatchObject({ isError: true, structuredContent: { code: 'INVALID_THOUGHT' } });
    const done = await call('finish_thinking', { chain_id: chain });
    expect(data(done).chain).toMatchObject({ status: 'completed', extracted: { summary: { status: 'approved' }, revision_patterns: [{ status: 'approved' }] } });
    const again = await call('think', { chain_id: chain, content: 'late' });
    expect(again).toMatchObject({ isError: true, structuredContent: { code: 'CHAIN_NOT_ACTIVE' } });
    const missing = await call('finish_thinking', { chain_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ isError: true, structuredContent: { code: 'CHAIN_NOT_FOUND' } });
    const recalled = await call('recall_reasoning', { query: 'embedding jobs imports', max_tokens: 500 });
    expect(data(recalled).chains.map((c: { chain_id: string }) => c.chain_id)).toEqual([chain]);
    expect(tokensOf(recalled)).toBeLessThanOrEqual(500);
  });
});
