import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { callToolsOverStdio, cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

/** Remembers each text through MCP; returns the ids in order. */
async function rememberAll(env: Record<string, string | undefined>, contents: string[]): Promise<string[]> {
  const results = await callToolsOverStdio(env, contents.map((content) => ({ name: 'remember', arguments: { content } })), 'cli-corrections-e2e');
  for (const r of results) expect(r.structuredContent).toMatchObject({ status: 'approved' });
  return results.map((r) => (r.structuredContent as { id: string }).id);
}

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram memory corrections ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;
  let ids: string[];

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    expect((await runCli(['init', '--no-fetch-model'], env)).code).toBe(0);
    ids = await rememberAll(env, ['The CI runners use 4 vCPUs each', 'Staging deploys need two approvals']);
  });
  afterAll(() => home.remove());

  it('invalidates a memory; history keeps it with the reason and search no longer finds it', async () => {
    const id = ids[0]!;
    const inv = await runCliJson(['memory', 'invalidate', id, '--reason', 'they use 8 vCPUs, this was wrong'], env);
    expect(inv).toMatchObject({ status: 'approved', gateStatus: 'committed', record: { version: 2, status: 'invalidated' } });
    const history = await runCliJson(['memory', 'history', id], env);
    expect(history.versions.map((v: { version: number; operation: string; status: string }) => [v.version, v.operation, v.status]))
      .toEqual([[1, 'create', 'active'], [2, 'invalidate', 'invalidated']]);
    expect(history.versions[1]).toMatchObject({ statusReason: 'they use 8 vCPUs, this was wrong', recordedAt: expect.any(String) });
    const human = await runCli(['memory', 'history', id], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/v2 invalidate .*this was wrong/);
    expect((await runCliJson(['memory', 'search', 'CI runners vCPUs'], env)).results).toHaveLength(0);
    const unknown = await runCli(['memory', 'invalidate', '00000000-0000-4000-8000-000000000000', '--reason', 'x'], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/RECORD_NOT_FOUND/);
  });

  it('refuses a stale update with exit 4, then updates and supersedes', async () => {
    const id = ids[1]!;
    const stale = await runCli(['--json', 'memory', 'update', id, '--expected-version', '3', '--content', 'Staging deploys need one approval'], env);
    expect(stale.code).toBe(4);
    expect(JSON.parse(stale.stdout)).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    const updated = await runCliJson(['memory', 'update', id, '--expected-version', '1', '--content', 'Staging deploys need one approval'], env);
    expect(updated).toMatchObject({ status: 'approved', record: { version: 2 } });
    const sup = await runCliJson(['memory', 'supersede', id, '--content', 'Staging deploys are automatic after green CI', '--reason', 'policy change'], env);
    expect(sup).toMatchObject({ status: 'approved' });
    const history = await runCliJson(['memory', 'history', id], env);
    expect(history.versions.map((v: { operation: string }) => v.operation)).toEqual(['create', 'update', 'supersede']);
    expect(history.versions[2]).toMatchObject({ status: 'superseded', supersededBy: sup.id });
  });
});
