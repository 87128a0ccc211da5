#!/usr/bin/env node
// Fills the vectors still missing in an embedded (PGlite) store with SYNTHETIC ones, for memory
// benchmarks only (issue 18's RSS at 100k): computing 100k real vectors takes ~25 min on an idle
// 2-core VM and over an hour on a shared one. Each synthetic vector is a real vector of the same
// store (one the server computed before) plus seeded Gaussian noise, normalised, so the HNSW graph
// has the size of a real one (size depends on row count, dimension and m, not on the values) and a
// comparable neighbourhood structure. They are written through engram_set_embedding under the
// store's own model name and version, as the indexer would; search QUALITY on such a store means
// nothing. Row-by-row HNSW inserts run at ~26 vectors/s in PGlite on a loaded VM, so the HNSW index
// is dropped, the vectors written, and the index rebuilt with its own definition under
// maintenance_work_mem = the second argument (default 512MB: this tool is not the server; the
// build's peak RSS is printed). Run with no engram process on that home:
//   node tools/bench/fill-vectors-pglite.mjs <ENGRAM_HOME> [maintenance_work_mem]
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const home = process.argv[2];
if (!home) throw new Error('usage: fill-vectors-pglite.mjs <ENGRAM_HOME>');
const db = await PGlite.create({ dataDir: join(home, 'pgdata'), extensions: { vector } });
const log = (m) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${m}\n`);
const buildMem = process.argv[3] ?? '512MB';
const mem = () => {
  const s = readFileSync('/proc/self/status', 'utf8');
  const mib = (k) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB, peak ${mib('VmHWM')} MiB`;
};
const [{ indexdef }] = (await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'memories_embedding_idx'`)).rows;
await db.exec('DROP INDEX memories_embedding_idx');
log(`dropped memories_embedding_idx (${indexdef}); ${mem()}`);

const real = (await db.query(`SELECT embedding::text AS e, embedding_model AS model, embedding_model_version AS version
  FROM memories WHERE embedding IS NOT NULL ORDER BY id LIMIT 2000`)).rows;
if (real.length === 0) throw new Error('no real vector in the store to start from');
const { model, version } = real[0];
const bases = real.map((r) => JSON.parse(r.e));
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
function synthetic(i) {
  const v = bases[i % bases.length].map((x) => x + 0.03 * gauss());
  const norm = Math.hypot(...v);
  return `[${v.map((x) => (x / norm).toFixed(6)).join(',')}]`;
}

let done = 0;
const t0 = Date.now();
for (;;) {
  const rows = (await db.query(`SELECT id, content_hash FROM memories WHERE embedding IS NULL AND status <> 'forgotten' ORDER BY id LIMIT 500`)).rows;
  if (rows.length === 0) break;
  await db.query(
    `SELECT count(*) FILTER (WHERE engram_set_embedding(x.id, x.h, x.e::vector, $4, $5)) AS n
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(id, h, e)`,
    [rows.map((r) => r.id), rows.map((r) => r.content_hash), rows.map((_, k) => synthetic(done + k)), model, version],
  );
  done += rows.length;
  if (done % 5000 < 500) log(`${done} synthetic vectors written (${Math.round(done / ((Date.now() - t0) / 1000))}/s)`);
}
log(`vectors written; ${mem()}; building the HNSW index with maintenance_work_mem=${buildMem}`);
const tb = Date.now();
await db.exec(`SET maintenance_work_mem = '${buildMem}'`);
await db.exec(indexdef);
log(`HNSW index built in ${Math.round((Date.now() - tb) / 1000)} s; ${mem()}`);
const counts = (await db.query(`SELECT count(*)::int AS n, count(embedding)::int AS with_vector FROM memories`)).rows[0];
log(`done: ${done} synthetic, ${real.length >= 2000 ? '≥2000' : real.length} real bases; memories ${counts.n}, with a vector ${counts.with_vector}; model ${model} ${version}`);
await db.close();
