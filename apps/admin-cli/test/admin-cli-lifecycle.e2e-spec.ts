import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { callToolsOverStdio, cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram memory reinforce ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    expect((await runCli(['init', '--no-fetch-model'], env)).code).toBe(0);
  });
  afterAll(() => home.remove());

  it('reinforces through the gate (a memory at 1.0 stays as it is) and reports unknown ids with exit 3', async () => {
    const [stored] = await callToolsOverStdio(env, [{ name: 'remember', arguments: { content: 'Release notes go out on Fridays' } }], 'cli-lifecycle-e2e');
    const id = (stored?.structuredContent as { id: string }).id;
    const r = await runCliJson(['memory', 'reinforce', id], env);
    expect(r).toMatchObject({ status: 'approved', requestId: expect.any(String) });
    const human = await runCli(['memory', 'reinforce', id], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`${id}: approved`);
    const unknown = await runCli(['memory', 'reinforce', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/RECORD_NOT_FOUND/);
  });
});
