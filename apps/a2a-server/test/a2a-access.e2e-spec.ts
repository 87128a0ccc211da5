import { spawn } from 'node:child_process';
import { a2aMain, buildApp, childEnv, startA2aServer, tempHome } from '../../../tools/test/app-process.js';
import { answer, asTask, request, TaskState, text, v1Client } from './a2a-test-client.js';

/** Runs the server expecting it to refuse to start; resolves with its exit code and stderr. */
function refusal(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [a2aMain, '--port', '0', ...args], { env: childEnv(env) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearTimeout(timer);
    resolve({ code, stderr });
  }));
}

beforeAll(() => buildApp('a2a-server'));

describe('A2A server access configuration', () => {
  const home = tempHome();
  const env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
  afterAll(() => home.remove());

  it('refuses to start without an API key, and refuses the no-auth switch off loopback', async () => {
    const noKey = await refusal([], env);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/needs an API key: set ENGRAM_API_KEY or --api-key/);
    const exposed = await refusal(['--insecure-no-auth', '--host', '0.0.0.0', '--api-key', 'k'], env);
    expect(exposed.code).toBe(1);
    expect(exposed.stderr).toMatch(/--insecure-no-auth is allowed on a loopback address only/);
  });

  it('with --insecure-no-auth on loopback: warns loudly, declares no security, serves callers without a key', async () => {
    const server = await startA2aServer(env, ['--insecure-no-auth']);
    try {
      expect(server.stderr()).toMatch(/WARNING \*\*\* AUTHENTICATION IS OFF/);
      const card = (await (await fetch(`${server.baseUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })).json()) as Record<string, any>;
      expect(card.securityRequirements ?? []).toEqual([]);
      const task = asTask(await (await v1Client(server.baseUrl, undefined)).sendMessage(request([text('remember: conformance runs need no key')])));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(answer(task).data.status).toBe('approved');
    } finally {
      await server.stop();
    }
  });
});
