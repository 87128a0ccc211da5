import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, childEnv, mcpMain, repoRoot, tempHome, testModelDir } from '../../../tools/test/app-process.js';

/*
 * Issue 39: CI's Inspector step timed out on `initialize`, gave up, and the abandoned stdio server
 * then died on an unhandled EPIPE. Here a real client process (the official SDK's Client over
 * StdioClientTransport) is SIGKILLed, which closes its ends of the server's pipes as any crashed or
 * impatient agent does. The server runs under a small bash wrapper that records its exit status
 * in a log file, since the server is the dead client's child, not the test's.
 */
const CLIENT = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
const cfg = JSON.parse(process.argv[1]);
const transport = new StdioClientTransport({ command: '/bin/bash', args: ['-c', cfg.wrapper], env: cfg.env, stderr: cfg.stderr });
const client = new Client({ name: 'abandoning-client', version: '1.0.0' });
const report = (sent) => process.stdout.write(JSON.stringify({ pid: transport.pid, sent }) + '\\n');
if (cfg.when === 'starting') {
  // Dies as soon as initialize is written: the server (a Node process still loading) answers into a closed pipe.
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if (message.method === 'initialize') report('initialize');
  };
  client.connect(transport).catch(() => undefined);
} else {
  await client.connect(transport);
  for (let i = 0; i < 20; i++) client.callTool({ name: 'recall', arguments: { query: 'abandoned ' + i } }).catch(() => undefined);
  report('20 tools/call');
}
setInterval(() => undefined, 1000);
`;

interface Abandoned {
  /** The server's log: its stderr when `serverStderr` is 'file', then `exit=<status>`. */
  log: string;
  exitStatus: number;
}

/** Runs a client that is killed after sending `when`'s requests; resolves once the server exited. */
async function abandonServer(home: string, when: 'starting' | 'mid-session', serverStderr: 'file' | 'client-pipe'): Promise<Abandoned> {
  const log = join(home, `server-${when}-${serverStderr}.log`);
  const run = `"${process.execPath}" "${mcpMain}" --stdio${serverStderr === 'file' ? ' 2>>"$ABANDON_LOG"' : ''}`;
  const env = childEnv({ ENGRAM_HOME: home, ENGRAM_MODEL_DIR: testModelDir() ?? `${home}/no-model`, ABANDON_LOG: log });
  const cfg = { wrapper: `${run}; echo "exit=$?" >>"$ABANDON_LOG"`, env, when, stderr: serverStderr === 'file' ? 'ignore' : 'pipe' };
  const client = spawn(process.execPath, ['--input-type=module', '-e', CLIENT, JSON.stringify(cfg)], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const wrapperPid = await new Promise<number>((resolve, reject) => {
    let out = '';
    client.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { pid: number }).pid);
    });
    client.once('exit', (code) => reject(new Error(`client exited early (${code})`)));
  });
  client.kill('SIGKILL');
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    const exit = /exit=(\d+)/.exec(text);
    if (exit) return { log: text, exitStatus: Number(exit[1]) };
    await new Promise((r) => setTimeout(r, 200));
  }
  // Still running: stop the server (the wrapper's child) so the run does not leak it, and fail.
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(wrapperPid)], { encoding: 'utf8' }).stdout.trim().split(/\s+/);
  for (const pid of children.filter(Boolean)) process.kill(Number(pid), 'SIGKILL');
  throw new Error('the abandoned stdio server did not exit within 180 s');
}

beforeAll(() => buildApp('mcp-server'));

describe('MCP stdio server abandoned by its client (issue 39)', () => {
  const homes: { remove(): void }[] = [];
  const freshHome = () => {
    const home = tempHome();
    homes.push(home);
    return home.dir;
  };
  afterAll(() => homes.forEach((h) => h.remove()));

  it('exits 0 without an unhandled error when the client dies while the server is still starting', async () => {
    const { log, exitStatus } = await abandonServer(freshHome(), 'starting', 'file');
    expect(log).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(log).toMatch(/the stdio client is gone \(EPIPE\): closing the session/);
    expect(exitStatus).toBe(0);
  }, 300_000);

  it('exits 0 when the client dies mid-session with requests in flight and both pipes broken', async () => {
    const { exitStatus } = await abandonServer(freshHome(), 'mid-session', 'client-pipe');
    expect(exitStatus).toBe(0);
  }, 300_000);
});
