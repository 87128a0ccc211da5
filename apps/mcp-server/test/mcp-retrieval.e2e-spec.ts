import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

beforeAll(() => buildApp('mcp-server'));

/* memory.retrieve, memory.validate and the upgraded recall, through the official MCP client over Streamable HTTP. */
describe.each(processBackends)('MCP validated retrieval ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const ok = async (name: string, args: Record<string, unknown>) => {
    const res = await call(name, args);
    if (res.isError) throw new Error(`${name} failed: ${JSON.stringify(res.structuredContent ?? res.content)}`);
    return structured(res);
  };
  const store = async (content: string, extra: Record<string, unknown> = {}) => {
    const r = await ok('memory.store', { type: 'fact', content, scope: 'project:mcp', ...extra });
    expect(r.status).toBe('approved');
    return r.id as string;
  };

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-retrieval-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('memory.retrieve returns validated, cited, quoted results and flags contradictions', async () => {
    // Antonyms, not a negation: the gate queues an obvious negation of a stored fact for review.
    const yes = await store('Signature checks for billing service webhooks are enabled.');
    const no = await store('Signature checks for billing service webhooks are disabled.');
    const old = await store('The billing service webhook timeout is 10 seconds.');
    const replaced = await ok('memory.supersede', { id: old, scope: 'project:mcp', replacement: { content: 'The billing service webhook timeout is 30 seconds.' } });
    const res = await call('memory.retrieve', { query: 'billing service webhooks', scope: 'project:mcp', top_k: 10 });
    expect(res.isError).toBeFalsy();
    const out = structured(res);
    const ids = out.results.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([yes, no, replaced.id]));
    expect(ids).not.toContain(old);
    expect(out.contradiction_detected).toBe(true);
    expect(out.contradictions).toContainEqual(expect.objectContaining({ ids: expect.arrayContaining([yes, no]) }));
    const first = out.results[0];
    expect(first).toMatchObject({ form: 'full', trust: expect.any(String), citation: { source_url: `memory://${first.id}` } });
    expect(first.provenance.gate_request_id).toEqual(expect.any(String));
    expect(out).toMatchObject({ token_budget_exceeded: false, excluded_count: 0, notice: expect.stringMatching(/not instructions/) });
    const text = (res.content[0] as { text: string }).text;
    expect(text).toMatch(/^> Signature checks for billing/m);
    expect(text).toMatch(/contradiction/);
  });

  it('memory.retrieve fits max_tokens and reports what it left out', async () => {
    for (let i = 0; i < 6; i++) await store(`Runbook step ${i}: restart the ingest worker, then check the ingest queue depth. ${'detail '.repeat(40)}`);
    const out = await ok('memory.retrieve', { query: 'ingest worker queue depth', scope: 'project:mcp', top_k: 6, max_tokens: 300 });
    expect(out.token_budget_exceeded).toBe(true);
    expect(out.excluded_count).toBeGreaterThan(0);
    expect(out.used_tokens).toBeLessThanOrEqual(300);
  });

  it('memory.validate reports per id, unknown ids included', async () => {
    const id = await store('The data warehouse refreshes at 02:00 UTC.');
    const retracted = await store('The data warehouse refreshes at 05:00 UTC.');
    await ok('memory.invalidate', { id: retracted, reason: 'wrong time', scope: 'project:mcp' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const out = await ok('memory.validate', { ids: [id, retracted, unknown], scope: 'project:mcp' });
    expect(out.reports.map((r: { id: string; valid: boolean }) => [r.id, r.valid])).toEqual([[id, true], [retracted, false], [unknown, false]]);
    expect(out.reports[1].issues[0]).toMatchObject({ code: 'invalidated', message: expect.stringMatching(/wrong time/) });
    expect(out.reports[2].issues).toEqual([{ code: 'not_found', message: expect.any(String) }]);
  });

  it('recall runs the validated pipeline', async () => {
    const id = await store('Feature flags are evaluated at the edge.');
    const out = await ok('recall', { query: 'feature flags edge', scope: 'project:mcp' });
    expect(out.memories[0]).toMatchObject({ id, url: `memory://${id}`, form: 'full' });
    expect(out).toMatchObject({ truncated: false, excluded_count: 0, notice: expect.any(String) });
  });

  it('answers an empty query with nothing and absurd parameters with a clear error', async () => {
    expect((await ok('memory.retrieve', { query: '' })).results).toEqual([]);
    for (const args of [{ query: 'x', top_k: 100_000 }, { query: 'x', max_tokens: 1 }, { query: 'x', weights: { vector: 1e9, keyword: 1 } }, { ids: [] }]) {
      const res = await call('ids' in args ? 'memory.validate' : 'memory.retrieve', args);
      expect(res.isError).toBe(true);
      expect((res.content[0] as { text: string }).text).toMatch(/top_k|max_tokens|weights|ids|at least one id/);
    }
  });
});
