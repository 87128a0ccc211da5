// Process helpers shared by the apps' protocol tests (an app may not import another app's files):
// build an app bundle, spawn it with a clean environment, start and stop the HTTP server.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder up from this file with nx.json (also when bundled into .cache/bench). */
export const repoRoot = findRoot(fileURLToPath(new URL('.', import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no nx.json above ${from}`);
  }
}
export const mcpMain = join(repoRoot, 'dist/apps/mcp-server/main.js');
export const a2aMain = join(repoRoot, 'dist/apps/a2a-server/main.js');
/** The agent-hook fast path (`engram hook`, ADR-0012) and the launcher that dispatches to it. */
export const hookMain = join(repoRoot, 'dist/apps/hook/main.js');
export const engramBin = join(repoRoot, 'bin/engram');

/** Builds the app the way users get it (tools/build/build.mjs); tests run the bundle, not sources. */
export function buildApp(app: 'mcp-server' | 'admin-cli' | 'a2a-server' | 'hook'): void {
  const r = spawnSync(process.execPath, [join(repoRoot, 'tools/build/build.mjs'), app], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build of ${app} failed:\n${r.stderr}`);
}

/** The embedding model provisioned for tests, if any (keyword-only runs otherwise). */
export function testModelDir(): string | undefined {
  const dir = process.env.ENGRAM_TEST_MODEL_DIR ?? join(repoRoot, '.cache/models/all-MiniLM-L6-v2');
  return existsSync(join(dir, 'model.onnx')) ? dir : undefined;
}

/** A throw-away ENGRAM_HOME. */
export function tempHome(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'engram-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Environment for a child engram process: only what the test sets (no developer DATABASE_URL leaks in).
 * MCP servers serve every tool (ENGRAM_MCP_TOOLS=full): the protocol tests exercise the whole
 * surface; a test of the default (core) profile passes ENGRAM_MCP_TOOLS: 'core'.
 */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = { ENGRAM_MCP_TOOLS: 'full' };
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('ENGRAM_') && k !== 'DATABASE_URL') env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** The built admin CLI. */
export const cliMain = join(repoRoot, 'dist/apps/admin-cli/main.js');

/** What a CLI run printed and how it ended. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a real process (async: an embedded-mode MCP server may own the database
 * meanwhile). ENGRAM_E2E_TRACE=1 prints each command's wall time.
 */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [cliMain, ...args], { env: childEnv(env) });
  child.on('close', () => process.env.ENGRAM_E2E_TRACE && process.stderr.write(`engram ${args.join(' ')}: ${Date.now() - started} ms\n`));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

/** `engram --json ...`: the parsed document; a non-zero exit throws with the CLI's stderr. */
export async function runCliJson(args: string[], env: Record<string, string | undefined>): Promise<any> {
  const r = await runCli(['--json', ...args], env);
  if (r.code !== 0) throw new Error(`engram ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** A running HTTP server process. */
export interface HttpServerProcess {
  url: string;
  baseUrl: string;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the MCP server's `main.js --http --port 0` and resolves once it prints its address (stderr). */
export function startHttpServer(env: Record<string, string | undefined>, args: string[] = []): Promise<HttpServerProcess> {
  const argv = [mcpMain, '--http', '--port', '0', '--host', '127.0.0.1', ...args];
  return spawnListening(argv, env, /listening on (http:\/\/[^\s]+)\/mcp/, (base) => `${base}/mcp`);
}

/** Starts the A2A server on a free port (`--port 0`); `url` and `baseUrl` are its base URL. */
export function startA2aServer(env: Record<string, string | undefined>, args: string[] = []): Promise<HttpServerProcess> {
  return spawnListening([a2aMain, '--port', '0', ...args], env, /listening on (http:\/\/[^\s(]+)/, (base) => base);
}

/** Starts `engram librarian` (ADR-0047); `url` and `baseUrl` are its socket's path. */
export function startLibrarianProcess(env: Record<string, string | undefined>): Promise<HttpServerProcess> {
  return spawnListening([cliMain, 'librarian'], env, /librarian listening on (\S+) as /, (socket) => socket);
}

function spawnListening(argv: string[], env: Record<string, string | undefined>, listening: RegExp, urlOf: (base: string) => string): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, argv, { env: childEnv(env) });
  let err = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${err}`)), 90_000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const m = listening.exec(err);
      if (m) {
        clearTimeout(timer);
        const baseUrl = m[1] as string;
        resolveStart({ url: urlOf(baseUrl), baseUrl, child, stderr: () => err, stop: () => stopChild(child) });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${err}`));
    });
  });
}

/** SIGTERM, then wait for the exit (Nest shutdown hooks close the database). */
export function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}
