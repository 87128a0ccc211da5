import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { callToolsOverStdio, cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

/** Stores through MCP; returns the ids in order. */
async function viaMcp(env: Record<string, string | undefined>, calls: { name: string; arguments: Record<string, unknown> }[]): Promise<string[]> {
  const results = await callToolsOverStdio(env, calls, 'cli-retrieval-e2e');
  for (const r of results) expect(r.isError).toBeFalsy();
  return results.map((r) => (r.structuredContent as { id: string }).id);
}

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram search / research / review ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;
  let ids: string[];

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    expect((await runCli(['init', '--no-fetch-model'], env)).code).toBe(0);
    ids = await viaMcp(env, [
      { name: 'memory.store', arguments: { type: 'decision', content: 'We deploy the payments service on Tuesdays.', metadata: { impact: 'low' } } },
      { name: 'remember', arguments: { content: 'The payments service listens on port 8443.' } },
    ]);
    const [derived] = await viaMcp(env, [{ name: 'remember', arguments: { content: 'Payments runbook: check port 8443 first.', metadata: { derived_from: [ids[1]] } } }]);
    ids.push(derived!);
    await viaMcp(env, [{ name: 'memory.supersede', arguments: { id: ids[1], replacement: { content: 'The payments service listens on port 9443.' } } }]);
  });
  afterAll(() => home.remove());

  it('search prints validated results readably and as JSON', async () => {
    const human = await runCli(['search', 'payments', 'service', 'port'], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/result\(s\) · mode keyword/);
    expect(human.stdout).toContain('> The payments service listens on port 9443.');
    expect(human.stdout).not.toContain('port 8443.');
    expect(human.stdout).toMatch(/trust=agent/);
    const json = await runCliJson(['search', 'payments', 'runbook'], env);
    const derived = json.results.find((r: { id: string }) => r.id === ids[2]);
    expect(derived.issues.map((i: { code: string }) => i.code)).toContain('derived_from_stale');
    expect(json.budget).toMatchObject({ tokenBudgetExceeded: false, excludedCount: 0 });
  });

  it('research answers with a plan, attempts and a cited summary', async () => {
    const human = await runCli(['research', 'what', 'decisions', 'did', 'we', 'make', 'about', 'payments', 'deploys'], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`memory://${ids[0]}`);
    expect(human.stdout).toMatch(/plan: types decision/);
    expect(human.stdout).toMatch(/attempt 1: hybrid, as planned/);
  });

  it('review lists the cascade flagged by retrieval and resolves it', async () => {
    const open = await runCliJson(['review', 'list'], env);
    expect(open.reviews).toContainEqual(expect.objectContaining({ memoryId: ids[2], causeId: ids[1], causeStatus: 'superseded' }));
    expect((await runCliJson(['review', 'resolve', ids[2]!], env)).resolved).toBe(1);
    expect((await runCliJson(['review', 'list'], env)).reviews).toEqual([]);
  });

  it('rejects absurd parameters with exit code 2', async () => {
    const bad = await runCli(['search', 'x', '--top', '100000'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/topK/);
  });
});
