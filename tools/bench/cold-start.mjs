#!/usr/bin/env node
// `npm run bench:cold-start [-- --runs N]` (issue 39), on the built apps (`npm run build` first):
// - a fresh embedded home (initdb, every migration, the model): MCP HTTP server start until
//   /health answers 200;
// - a stdio connect as an agent client makes one (official SDK client, a new server process each
//   time): until `initialize` is answered, and until the first `recall` is, on a fresh home, then
//   on the same home again.
// Markdown lines on stdout with the load average.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
/* global fetch */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mcp = join(root, 'dist/apps/mcp-server/main.js');
const modelDir = process.env.ENGRAM_MODEL_DIR ?? join(root, '.cache/models/all-MiniLM-L6-v2');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt < 0 ? 3 : Number(process.argv[runsAt + 1]);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive integer');
const env = (home) => ({ PATH: process.env.PATH ?? '', ENGRAM_HOME: home, ENGRAM_MODEL_DIR: modelDir });
const load = () => loadavg()[0].toFixed(2);
const seconds = (ms) => (ms / 1000).toFixed(2);

async function httpColdStart(port) {
  const home = mkdtempSync(join(tmpdir(), 'engram-cold-'));
  const started = performance.now();
  const child = spawn(process.execPath, [mcp, '--http', '--port', String(port), '--host', '127.0.0.1'], { env: env(home), stdio: 'ignore' });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('no /health within 120 s');
      await sleep(50);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(home, { recursive: true, force: true });
  }
}

async function stdioConnect(home) {
  const started = performance.now();
  const client = new Client({ name: 'bench-cold-start', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcp], env: env(home), stderr: 'ignore' }));
  const initialized = performance.now() - started;
  const r = await client.callTool({ name: 'recall', arguments: { query: 'deploy' } });
  const recalled = performance.now() - started;
  await client.close();
  if (r.isError) throw new Error(JSON.stringify(r.content));
  return { initialized, recalled };
}

console.log(`## Cold start, ${new Date().toISOString()}\n`);
const health = [];
for (let i = 0; i < runs; i++) health.push(await httpColdStart(7990 + i));
console.log(`- fresh embedded home, MCP HTTP server until /health answers: ${health.map(seconds).join(', ')} s (load ${load()})`);
const home = mkdtempSync(join(tmpdir(), 'engram-stdio-'));
try {
  const first = await stdioConnect(home);
  const again = [];
  for (let i = 0; i < runs; i++) again.push(await stdioConnect(home));
  console.log(`- stdio connect, fresh home: initialize ${seconds(first.initialized)} s, first recall ${seconds(first.recalled)} s`);
  console.log(`- stdio connect, existing home: initialize ${again.map((a) => seconds(a.initialized)).join(', ')} s; first recall ${again.map((a) => seconds(a.recalled)).join(', ')} s (load ${load()})`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
