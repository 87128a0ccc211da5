#!/usr/bin/env node
// `npm run bench:bulk [-- --size N] [--backend postgres|pglite|both]` (issue 39): the bulk paths as
// an operator and a script use them, on the built apps (`npm run build` first), each on a fresh store:
// - `engram import` of N exported records (a new CLI process, its start included), then the same
//   file again (every record present);
// - `memory.store_batch` through the official MCP SDK client over HTTP: N records, 100 per call,
//   2 calls in flight, rate limits lifted as an operator would for a bulk load, no model loaded
//   (vectors are a background job; this measures the gate's write path).
// Results are markdown lines on stdout with the load average; progress on stderr.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { childrenCpuSeconds, machineBusySeconds } from './proc-stat.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/apps/admin-cli/main.js');
const mcp = join(root, 'dist/apps/mcp-server/main.js');
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i < 0 ? fallback : process.argv[i + 1];
};
const size = Number(arg('--size', '20000'));
const backends = arg('--backend', 'both') === 'both' ? ['postgres', 'pglite'] : [arg('--backend')];
const serverUrl = process.env.ENGRAM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = () => loadavg()[0].toFixed(2);
const log = (m) => process.stderr.write(`${m}\n`);

/** Child env: nothing of the caller's engram settings, the store given. */
function envFor(store) {
  const env = { ...process.env, ENGRAM_MODEL_DIR: join(store.home, 'no-model'), ENGRAM_HOME: store.home };
  for (const k of Object.keys(env)) if (k.startsWith('ENGRAM_') && !['ENGRAM_MODEL_DIR', 'ENGRAM_HOME'].includes(k)) delete env[k];
  delete env.DATABASE_URL;
  if (store.url) env.DATABASE_URL = store.url;
  return env;
}

async function freshStore(backend) {
  const home = mkdtempSync(join(tmpdir(), 'engram-bulk-'));
  if (backend === 'pglite') return { backend, home, url: undefined, drop: async () => rmSync(home, { recursive: true, force: true }) };
  const name = `engram_bulk_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    backend, home, url: url.toString(),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function engram(store, args) {
  const r = spawnSync(process.execPath, [cli, '--json', ...args], { env: envFor(store), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`engram ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** CPU seconds so far: of this process's waited-for children (the CLI) and of the whole machine. */
const cpuSeconds = () => ({ children: childrenCpuSeconds(), machine: machineBusySeconds() });

/**
 * The import, timed, with where its CPU went (why a 2-core machine gets the rate it gets): the CLI
 * process (the gate, and on PGlite the database too) and everything else that ran meanwhile (on
 * native, the Postgres backends), in ms per record.
 */
function timedImport(store, file) {
  const cpu = cpuSeconds();
  const started = performance.now();
  const out = engram(store, ['import', file]);
  const seconds = (performance.now() - started) / 1000;
  const after = cpuSeconds();
  const cli = after.children - cpu.children;
  const rest = after.machine - cpu.machine - cli;
  const perRecord = (s) => ((s * 1000) / size).toFixed(2);
  return { out, seconds, perSecond: Math.round(size / seconds), cpu: `CPU per record: CLI ${perRecord(cli)} ms, the rest of the machine ${perRecord(rest)} ms` };
}

function startServer(store) {
  const env = { ...envFor(store), ENGRAM_RATE_LIMIT_BURST: '1000000', ENGRAM_RATE_LIMIT_PER_SECOND: '1000000', ENGRAM_MCP_TOOLS: 'full' };
  const child = spawn(process.execPath, [mcp, '--http', '--port', '0', '--host', '127.0.0.1'], { env });
  let err = '';
  return new Promise((ok, fail) => {
    child.stderr.on('data', (c) => {
      err += c.toString();
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
      if (m) ok({ url: m[1], stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }) });
    });
    child.once('exit', (code) => fail(new Error(`server exited ${code}: ${err}`)));
  });
}

async function batchStore(store) {
  const server = await startServer(store);
  const client = new Client({ name: 'bench-bulk', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  try {
    const calls = Array.from({ length: Math.ceil(size / 100) }, (_, c) =>
      Array.from({ length: Math.min(100, size - c * 100) }, (_, i) => ({ type: 'fact', content: `Batch record ${c * 100 + i}: service ${c} listens on port ${1000 + i} in zone ${c % 7}` })));
    let approved = 0;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < calls.length) {
        const records = calls[next++];
        const res = await client.callTool({ name: 'memory.store_batch', arguments: { records } });
        if (res.isError) throw new Error(JSON.stringify(res.content));
        approved += res.structuredContent.counts.approved;
      }
    };
    await Promise.all([worker(), worker()]);
    const seconds = (performance.now() - started) / 1000;
    return { approved, seconds, perSecond: Math.round(size / seconds) };
  } finally {
    await client.close();
    await server.stop();
  }
}

const corpusDir = mkdtempSync(join(tmpdir(), 'engram-bulk-corpus-'));
const file = join(corpusDir, 'corpus.jsonl');
writeFileSync(file, spawnSync(process.execPath, [join(root, 'tools/bench/make-import-corpus.mjs'), String(size)], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }).stdout);
console.log(`## Bulk paths, ${size} records, ${new Date().toISOString()}\n`);
try {
  for (const backend of backends) {
    let store = await freshStore(backend);
    try {
      engram(store, ['migrate']);
      log(`${backend}: import of ${size} (load ${load()})`);
      const first = timedImport(store, file);
      log(`${backend}: re-import (load ${load()})`);
      const again = timedImport(store, file);
      console.log(`- ${backend} \`engram import\`: ${first.out.imported} new in ${first.seconds.toFixed(1)} s, **${first.perSecond}/s**; `
        + `re-import ${again.out.unchanged} present in ${again.seconds.toFixed(1)} s, **${again.perSecond}/s** (process start included; load ${load()})`);
      console.log(`  - import ${first.cpu}; re-import ${again.cpu}`);
    } finally {
      await store.drop();
    }
    store = await freshStore(backend);
    try {
      engram(store, ['migrate']);
      log(`${backend}: memory.store_batch of ${size} (load ${load()})`);
      const batch = await batchStore(store);
      console.log(`- ${backend} \`memory.store_batch\` (100 per call, 2 in flight): ${batch.approved} approved in ${batch.seconds.toFixed(1)} s, **${batch.perSecond}/s** (load ${load()})`);
    } finally {
      await store.drop();
    }
  }
} finally {
  rmSync(corpusDir, { recursive: true, force: true });
}
