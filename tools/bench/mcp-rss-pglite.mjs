#!/usr/bin/env node
// RSS of the built MCP server on embedded PGlite (issue 18): imports N synthetic records with the
// CLI (no model: no vectors yet), starts `dist/apps/mcp-server/main.js --http` on that store, waits
// until its embedding jobs have filled every vector, runs 50 `memory.search` calls with the official
// SDK client and reads the server's VmRSS / VmHWM from /proc. Needs `npm run build` and the model.
//   node tools/bench/mcp-rss-pglite.mjs 10000 [modelDir] [--home DIR] [--words W] [--searches N]
// --home DIR keeps the store in DIR (not removed at the end) and reuses it when a previous run
// imported the same N there, so a 100k store is imported and embedded once and measured many times.
/* global fetch, performance, setTimeout */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const args = process.argv.slice(2);
const homeAt = args.indexOf('--home');
const keptHome = homeAt >= 0 ? args.splice(homeAt, 2)[1] : undefined;
// --words W: W words per record (long texts, up to the model's 256 tokens) instead of 12-31.
const wordsAt = args.indexOf('--words');
const words = wordsAt >= 0 ? args.splice(wordsAt, 2)[1] : undefined;
// --searches N: N calls instead of 50, their words varied, so a large store's pages fill the engine's
// shared_buffers (resident once read, ADR-0063) as a server's do after a while.
const searchesAt = args.indexOf('--searches');
const searchCount = searchesAt >= 0 ? Number(args.splice(searchesAt, 2)[1]) : 50;
const n = Number(args[0] ?? 10000);
const modelDir = args[1] ?? process.env.ENGRAM_TEST_MODEL_DIR ?? join(process.cwd(), '.cache/models/all-MiniLM-L6-v2');
const root = process.cwd();
if (keptHome) mkdirSync(keptHome, { recursive: true });
const home = keptHome ?? mkdtempSync(join(tmpdir(), 'engram-rss-'));
const importedMarker = join(home, `imported-${n}`);
const apiKey = 'bench-key-0123456789abcdef';
const log = (m) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${m}\n`);

function env(extra) {
  const e = {};
  // The caller's ENGRAM_PGLITE_* memory settings pass (to compare bounds); no other engram setting does.
  for (const [k, v] of Object.entries(process.env)) if ((!k.startsWith('ENGRAM_') || k.startsWith('ENGRAM_PGLITE_')) && k !== 'DATABASE_URL') e[k] = v;
  return { ...e, ENGRAM_HOME: home, ENGRAM_API_KEY: apiKey, ENGRAM_LOG_LEVEL: 'warn', ...extra };
}

function cli(args, extra) {
  const r = spawnSync(process.execPath, [join(root, 'dist/apps/admin-cli/main.js'), ...args], { env: env(extra), encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`engram ${args.join(' ')}: ${r.stderr}`);
}

function memory(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN);
  return { rssMiB: Math.round(kb('VmRSS') / 1024), peakMiB: Math.round(kb('VmHWM') / 1024) };
}

function startServer() {
  // ENGRAM_BENCH_NODE_FLAGS: V8/Node flags for the server process (e.g. to compare wasm tiering).
  const nodeFlags = (process.env.ENGRAM_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags, join(root, 'dist/apps/mcp-server/main.js'), '--http', '--port', '0', '--host', '127.0.0.1'], { env: env({ ENGRAM_MODEL_DIR: modelDir }) });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (c) => {
      err += c.toString('utf8');
      const m = /listening on (http:\/\/[^\s]+)\/mcp/.exec(err);
      if (m) resolve({ child, base: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

async function pending(base) {
  const r = await fetch(`${base}/health`, { headers: { Authorization: `Bearer ${apiKey}` } });
  return (await r.json()).embeddings?.pending;
}

const t0 = Date.now();
let server;
try {
  if (!existsSync(importedMarker)) {
    const corpus = spawnSync(process.execPath, [join(root, 'tools/bench/make-import-corpus.mjs'), String(n), ...(words ? [words] : [])], { encoding: 'utf8', maxBuffer: 1 << 28 });
    writeFileSync(join(home, 'corpus.jsonl'), corpus.stdout);
    cli(['migrate'], {});
    cli(['import', join(home, 'corpus.jsonl')], { ENGRAM_MODEL_DIR: join(home, 'no-model') });
    writeFileSync(importedMarker, new Date().toISOString());
    log(`imported ${n} records in ${Math.round((Date.now() - t0) / 1000)} s`);
  } else log(`reusing the store in ${home} (${n} records imported before)`);
  server = await startServer();
  const pid = server.child.pid;
  const afterStart = memory(pid);
  // Logged as they are read: a run stopped before the end (e.g. to fill the vectors) keeps them.
  log(`listening at ${server.base}; RSS ${afterStart.rssMiB} MiB, peak ${afterStart.peakMiB} MiB`);
  // Start-up work (statistics refresh, the embedding job's first look) runs right after listening.
  await new Promise((r) => setTimeout(r, 20_000));
  const settled = memory(pid);
  log(`20 s later: RSS ${settled.rssMiB} MiB, peak ${settled.peakMiB} MiB`);
  const te = Date.now();
  for (let p = await pending(server.base); p > 0; p = await pending(server.base)) {
    const m = memory(pid);
    log(`pending ${p}; RSS ${m.rssMiB} MiB, peak ${m.peakMiB} MiB`);
    await new Promise((r) => setTimeout(r, 10_000));
  }
  const embedSeconds = Math.round((Date.now() - te) / 1000);
  const afterEmbedding = memory(pid);
  const client = new Client({ name: 'engram-rss-bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
  const topics = ['deploy pipeline', 'billing shard', 'cache replica', 'vector index', 'gateway schema'];
  const vocabulary = ['latency', 'timeout', 'migration', 'postgres', 'redis', 'kafka', 'auth', 'token', 'release', 'rollback', 'incident', 'owner', 'config', 'staging', 'queue', 'retry', 'alert', 'budget', 'schema', 'backup'];
  const queryOf = (i) => (i < 50 ? `${topics[i % 5]} ${i}` : `${topics[i % 5]} ${vocabulary[i % 20]} ${vocabulary[(i * 7 + 3) % 20]} ${i}`);
  const ms = [];
  for (let i = 0; i < searchCount; i += 1) {
    const ts = performance.now();
    const r = await client.callTool({ name: 'memory.search', arguments: { query: queryOf(i), top_k: 10 } });
    ms.push(performance.now() - ts);
    if (r.isError) throw new Error(JSON.stringify(r.content).slice(0, 300));
  }
  const afterSearches = memory(pid);
  ms.sort((a, b) => a - b);
  const at = (q) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]);
  const searchMs = { p50: at(0.5), p95: at(0.95), max: Math.round(ms[ms.length - 1]) };
  await client.close();
  process.stdout.write(`${JSON.stringify({ memories: n, afterStart, settled20s: settled, embedSeconds, afterEmbedding, afterSearches, searches: searchCount, searchMs, nodeFlags: process.env.ENGRAM_BENCH_NODE_FLAGS ?? '', pglite: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ENGRAM_PGLITE_'))) })}\n`);
} finally {
  if (server) server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  if (!keptHome) rmSync(home, { recursive: true, force: true });
}
