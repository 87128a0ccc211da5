import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

beforeAll(() => buildApp('mcp-server'));

describe.each(processBackends)('MCP lifecycle tools: memory.feedback, memory.reinforce ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const ok = async (name: string, args: Record<string, unknown>) => {
    const res = await call(name, args);
    if (res.isError) throw new Error(`${name} failed: ${JSON.stringify(res.structuredContent ?? res.content)}`);
    return structured(res);
  };

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-lifecycle-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('lists both tools with strict schemas', async () => {
    const { tools } = await client.listTools();
    for (const name of ['memory.feedback', 'memory.reinforce']) {
      const tool = tools.find((t) => t.name === name);
      expect(tool?.inputSchema.additionalProperties).toBe(false);
    }
  });

  it('records feedback per id, reports unknown ids, and the half-life factor grows with each success', async () => {
    const stored = await ok('memory.store', { type: 'fact', content: 'The billing service retries webhooks three times', scope: 'project:acme' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    // Outside the memory's scope it does not exist for the caller.
    const blind = await ok('memory.feedback', { memory_ids: [stored.id], outcome: 'success' });
    expect(blind.results).toEqual([{ id: stored.id, status: 'not_found' }]);
    const first = await ok('memory.feedback', { memory_ids: [stored.id, unknown], outcome: 'success', query: 'webhook retries', scope: 'project:acme' });
    expect(first.results).toEqual([{ id: stored.id, status: 'recorded', half_life_factor: 1.25 }, { id: unknown, status: 'not_found' }]);
    expect(first.recorded).toBe(1);
    const w = first.weights;
    expect(w.recency + w.frequency + w.entity_importance).toBeCloseTo(1, 9);
    const second = await ok('memory.feedback', { memory_ids: [stored.id], outcome: 'success', scope: 'project:acme' });
    expect(second.results[0].half_life_factor).toBeCloseTo(1.5625, 9);
    const failed = await ok('memory.feedback', { memory_ids: [stored.id], outcome: 'failure', scope: 'project:acme' });
    expect(failed.results[0].half_life_factor).toBeCloseTo(1.5625 * 0.9, 9);
  });

  it('refuses bad feedback input with a clear error', async () => {
    for (const args of [{ memory_ids: [], outcome: 'success' }, { memory_ids: ['x'], outcome: 'maybe' }, { memory_ids: ['x'], outcome: 'success', extra: 1 }]) {
      const res = await call('memory.feedback', args);
      expect(res.isError).toBe(true);
      expect(JSON.stringify(res.content)).toMatch(/memory_ids|outcome|extra|Unrecognized/i);
    }
  });

  it('reinforces through the gate: a memory already at confidence 1.0 is a no-op; unknown ids are errors', async () => {
    // (A reinforce that raises confidence to 1.0 is covered in libs/agents/test/implicit-formation.int-spec.ts:
    // the MCP store tool takes no confidence, so every MCP-stored memory starts at 1.0.)
    const stored = await ok('memory.store', { type: 'fact', content: 'Deploys happen on Tuesdays' });
    const r = await ok('memory.reinforce', { id: stored.id });
    expect(r).toMatchObject({ status: 'approved', version: 1, record_status: 'active' });
    const missing = await call('memory.reinforce', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.isError).toBe(true);
  });
});
