// Process helpers for the CLI protocol tests (apps may not import each other's files, tests included).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
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
