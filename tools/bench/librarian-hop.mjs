#!/usr/bin/env node
// `node tools/bench/librarian-hop.mjs [--n 2000]`: what a separate librarian process would add to
// each write (issue 17, ADR-0031). Two candidate hops are timed, sequentially, on this machine:
//   ipc   — the MCP/A2A process hands the request to a librarian process over loopback HTTP
//           (keep-alive) and waits for its answer: one local round trip with a ~1 KB JSON body;
//   queue — the MCP/A2A process logs the request as `pending` in the database (a committed INSERT)
//           and a librarian process, LISTENing, is woken by NOTIFY and answers with NOTIFY.
// The gate's own work (Layer 1/2, commit) is the same in every design, so these hops are the
// whole difference. Needs the native Postgres of the dev setup (ENGRAM_BENCH_PG_URL or the default).
import { fork } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const n = Number(process.argv[process.argv.indexOf('--n') + 1] || 2000) || 2000;
const base = process.env.ENGRAM_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUEST = JSON.stringify({
  op: 'create', type: 'decision', scope: 'project:atlas', tags: ['db', 'ops'], metadata: { source: 'bench', ticket: 'OPS-1234' },
  content: 'We decided to keep Postgres as the only store: pgvector for vectors, full text for keywords. '.repeat(8),
});

if (process.argv[2] === '--librarian') {
  // The stand-in librarian: answers each request at once (its real work is the unchanged gate).
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const parsed = JSON.parse(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'committed', id: '00000000-0000-4000-8000-000000000000', scope: parsed.scope }));
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
  process.on('disconnect', () => process.exit(0));
} else {
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(2);
    return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)} ms`;
  };
  console.log(`## Librarian hop, ${new Date().toISOString()}, ${n} sequential requests, load average ${loadavg()[0].toFixed(1)}\n`);

  const child = fork(new URL(import.meta.url).pathname, ['--librarian']);
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = () => new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/submit', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end(REQUEST);
  });
  for (let i = 0; i < 200; i++) await post();
  const ipc = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await post();
    ipc.push(performance.now() - t0);
  }
  console.log(`- ipc (loopback HTTP to a librarian process): ${stats(ipc)}`);
  agent.destroy();
  child.disconnect();

  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const db = `g17_librarian_hop_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(base);
  url.pathname = `/${db}`;
  const service = new pg.Client({ connectionString: url.toString() });
  const librarian = new pg.Client({ connectionString: url.toString() });
  try {
    await service.connect();
    await librarian.connect();
    await service.query('CREATE TABLE pending (id bigserial PRIMARY KEY, payload jsonb NOT NULL, status text NOT NULL DEFAULT \'pending\')');
    await librarian.query('LISTEN submitted');
    await service.query('LISTEN decided');
    librarian.on('notification', (m) => { void librarian.query('SELECT pg_notify(\'decided\', $1)', [m.payload]); });
    let waiting;
    service.on('notification', (m) => waiting?.(m.payload));
    const submit = async () => {
      const answered = new Promise((resolve) => { waiting = resolve; });
      const { rows } = await service.query('WITH r AS (INSERT INTO pending (payload) VALUES ($1) RETURNING id) SELECT id, pg_notify(\'submitted\', id::text) FROM r', [REQUEST]);
      const id = await answered;
      if (id !== String(rows[0].id)) throw new Error('answer for another request');
    };
    for (let i = 0; i < 200; i++) await submit();
    const queue = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await submit();
      queue.push(performance.now() - t0);
    }
    console.log(`- queue (committed pending row + NOTIFY both ways): ${stats(queue)}`);
  } finally {
    await service.end().catch(() => {});
    await librarian.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  }
}
