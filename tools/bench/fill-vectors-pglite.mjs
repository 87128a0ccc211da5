#!/usr/bin/env node
// Fills the vectors still missing in an embedded (PGlite) store with SYNTHETIC ones, for memory
// benchmarks only (issue 18's RSS at 100k): computing 100k real vectors takes ~25 min on an idle
// 2-core VM and over an hour on a shared one. Each synthetic vector is a real vector of the same
// store (one the server computed before) plus seeded Gaussian noise, normalised, so the HNSW graph
// has the size of a real one (size depends on row count, dimension and m, not on the values) and a
// comparable neighbourhood structure (a resumed run may take some synthetic vectors as bases).
// They are written under the store's own model name and version, as the indexer would; search
// QUALITY on such a store means nothing. Row-by-row HNSW inserts run at ~26 vectors/s in PGlite
// on a loaded VM, so the HNSW index is dropped, the vectors written, and the index rebuilt with
// its own definition under maintenance_work_mem = the second argument (default 512MB: this tool is
// not the server; the build's peak RSS is printed). Run with no engram process on that home:
//   node tools/bench/fill-vectors-pglite.mjs <ENGRAM_HOME> [maintenance_work_mem]
// Resumable: a run stopped after the DROP finds the index gone and rebuilds it from the definition
// it saved in <ENGRAM_HOME>/fill-vectors-indexdef.sql (or the migration's), filling only what is
// still missing. The vectors go in one UPDATE per 2,000 rows (the row condition of
// engram_set_embedding: id, content hash, not forgotten; under the store's live model, which the
// server set with its real vectors): one engram_set_embedding call per row fires the keyword
// statistics' statement trigger once per row and ran at ~33 rows/s under `nice -n 19` on the
// shared 2-core VM (2026-11-28); one UPDATE per batch used ~1.5× less CPU per row there.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { vector } from '@electric-sql/pglite-pgvector';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const home = process.argv[2];
if (!home) throw new Error('usage: fill-vectors-pglite.mjs <ENGRAM_HOME>');
const db = await PGlite.create({ dataDir: join(home, 'pgdata'), extensions: { vector, btree_gin } });
const log = (m) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${m}\n`);
const buildMem = process.argv[3] ?? '512MB';
const mem = () => {
  const s = readFileSync('/proc/self/status', 'utf8');
  const mib = (k) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB, peak ${mib('VmHWM')} MiB`;
};
const savedDef = join(home, 'fill-vectors-indexdef.sql');
// The migration's definition (20261122T060000000Z-create-memory-core.ts), as pg_indexes prints it.
const migrationDef = 'CREATE INDEX memories_embedding_idx ON public.memories USING hnsw (embedding vector_cosine_ops)';
const [existing] = (await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'memories_embedding_idx'`)).rows;
let indexdef;
if (existing) {
  indexdef = existing.indexdef;
  writeFileSync(savedDef, indexdef);
  await db.exec('DROP INDEX memories_embedding_idx');
  log(`dropped memories_embedding_idx (${indexdef}); ${mem()}`);
} else {
  indexdef = existsSync(savedDef) ? readFileSync(savedDef, 'utf8') : migrationDef;
  log(`memories_embedding_idx is absent (an earlier run dropped it): resuming; it will be rebuilt as ${indexdef}; ${mem()}`);
}

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

// SIGTERM / SIGINT stop after the current batch and close the store cleanly (the next run resumes).
let stop = false;
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    stop = true;
    log(`${sig}: stopping after this batch`);
  });
}
let done = 0;
let after = '00000000-0000-0000-0000-000000000000';
const t0 = Date.now();
for (;;) {
  const rows = (await db.query(`SELECT id, content_hash FROM memories WHERE embedding IS NULL AND status <> 'forgotten' AND id > $1 ORDER BY id LIMIT 2000`, [after])).rows;
  if (rows.length === 0) break;
  if (stop) {
    await db.close();
    log(`stopped after ${done} synthetic vectors; rerun to resume (the HNSW index is still dropped)`);
    process.exit(0);
  }
  after = rows[rows.length - 1].id;
  await db.query(
    `UPDATE memories m SET embedding = x.e::vector, embedding_model = $4, embedding_model_version = $5
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(id, h, e)
      WHERE m.id = x.id AND m.content_hash = x.h AND m.status <> 'forgotten'`,
    [rows.map((r) => r.id), rows.map((r) => r.content_hash), rows.map((_, k) => synthetic(done + k)), model, version],
  );
  done += rows.length;
  if (done % 10000 < 2000) log(`${done} synthetic vectors written (${Math.round(done / ((Date.now() - t0) / 1000))}/s)`);
}
log(`vectors written; ${mem()}; building the HNSW index with maintenance_work_mem=${buildMem}`);
const tb = Date.now();
await db.exec(`SET maintenance_work_mem = '${buildMem}'`);
await db.exec(indexdef);
log(`HNSW index built in ${Math.round((Date.now() - tb) / 1000)} s; ${mem()}`);
const counts = (await db.query(`SELECT count(*)::int AS n, count(embedding)::int AS with_vector FROM memories`)).rows[0];
log(`done: ${done} synthetic, ${real.length >= 2000 ? '≥2000' : real.length} real bases; memories ${counts.n}, with a vector ${counts.with_vector}; model ${model} ${version}`);
await db.close();
