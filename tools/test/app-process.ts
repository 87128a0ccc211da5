// Process helpers shared by the apps' protocol tests (an app may not import another app's files):
// build an app bundle, spawn it with a clean environment, start and stop the HTTP server.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const mcpMain = join(repoRoot, 'dist/apps/mcp-server/main.js');

/** Builds the app the way users get it (tools/build/build.mjs); tests run the bundle, not sources. */
export function buildApp(app: 'mcp-server' | 'admin-cli'): void {
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

/** Environment for a child engram process: only what the test sets (no developer DATABASE_URL leaks in). */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('ENGRAM_') && k !== 'DATABASE_URL') env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** A running HTTP server process. */
export interface HttpServerProcess {
  url: string;
  baseUrl: string;
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `main.js --http --port 0` and resolves once it prints its address (stderr). */
export function startHttpServer(env: Record<string, string | undefined>, args: string[] = []): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [mcpMain, '--http', '--port', '0', '--host', '127.0.0.1', ...args], { env: childEnv(env) });
  let err = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${err}`)), 90_000);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const m = /listening on (http:\/\/[^\s]+)\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        const baseUrl = m[1] as string;
        resolveStart({
          url: `${baseUrl}/mcp`,
          baseUrl,
          child,
          stderr: () => err,
          stop: () => stopChild(child),
        });
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
