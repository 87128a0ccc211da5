// `npm run bench:retrieve [-- --size N] [--queries N] [--skip-postgres] [--skip-pglite] [--reuse URL] [--modes hybrid,keyword,vector] [--synthetic-vectors K] [--pglite-copy-of URL] [--pglite-reuse HOME] [--warmup N] [--concurrency N] [--sizing] [--bulk-vectors] [--build-memory 2GB] [--fill-from N]`: latency of validated
// retrieval (memory.retrieve's pipeline: search over-fetch, fresh-row validation, ranking, dedupe,
// contradictions, token budget) next to the plain hybrid search it is built on, on native Postgres
// and PGlite. The corpus, the gate writes and the vectors are those of the main benchmark.
// --concurrency N: N callers at once (each query still timed alone), and the queries per second they get.
// --sizing (with --reuse): disk sizes, HNSW build time and the MCP server's RSS on that store (sizing-phase.ts).
// --bulk-vectors: the vectors written with the HNSW index dropped, then one timed build (bulk-vectors.ts; for 1M).
// --fill-from N (with --reuse): a kept store holding [0, N) by create gets the rest by import (import-fill.ts).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { loadEmbeddingProvider, type EmbeddingProvider } from '@engram/infra';
import { createRetrievalPipeline, createSearchService, type SearchMode } from '@engram/retrieval';
import { queries } from './corpus.js';
import { createEmbeddedDatabase, createNativeDatabase, reuseEmbeddedDatabase, reuseNativeDatabase, type BenchDatabase } from './databases.js';
import { copyIntoEmbedded } from './embedded-copy.js';
import { bulkFillVectors } from './bulk-vectors.js';
import { fillVectors } from './search-phase.js';
import { importRange } from './import-fill.js';
import { measureSizing, sizingLines, type Sizing } from './sizing-phase.js';
import { progress, rssMiB, runPool, since, summarize } from './stats.js';
import { cachedPassageEmbedder, corpusVectors, syntheticCorpusVectors } from './vectors.js';
import { benchGate, keepStatistics, writeRange } from './write-phase.js';

// retrieve.mjs runs the bundle with the repository root as working directory (like the main benchmark).
const root = process.cwd();

interface Timing { latency: ReturnType<typeof summarize>; meanResults: number; perSecond: number }
interface Row extends Timing { backend: string; what: string; mode: SearchMode }

/** Lines the report prints under its table (how the vectors were written). */
const notes: string[] = [];
/** Seconds the --bulk-vectors build of the HNSW index took (the sizing page reuses it). */
let bulkBuildSeconds: number | undefined;

/** --build-memory: maintenance_work_mem for an HNSW build (default 2GB: 1M vectors of 384 dimensions fit). */
function buildMemory(): string {
  const at = process.argv.indexOf('--build-memory');
  return at >= 0 ? (process.argv[at + 1] ?? '2GB') : '2GB';
}

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function timeQueries(run: (q: { text: string; scopes: string[] }) => Promise<number>, count: number, seed: number): Promise<Timing> {
  const warmup = argValue('--warmup', 20);
  const qs = queries(seed, warmup + count);
  for (const q of qs.slice(0, warmup)) await run(q);
  const latencies: number[] = [];
  let results = 0;
  const start = performance.now();
  await runPool(warmup, warmup + count, argValue('--concurrency', 1), async (i) => {
    const t = performance.now();
    results += await run(qs[i] as { text: string; scopes: string[] });
    latencies.push(since(t));
  });
  const perSecond = Math.round((count / since(start)) * 10_000) / 10;
  return { latency: summarize(latencies), meanResults: Math.round((results / count) * 10) / 10, perSecond };
}

async function fill(db: BenchDatabase, embedder: EmbeddingProvider, size: number, seed: number): Promise<void> {
  // --fill-from N (with --reuse): the store holds corpus memories [0, N) already; the rest come
  // through the gate's import op (import-fill.ts) before the vectors.
  const from = argValue('--fill-from', 0);
  if (from > 0) {
    progress(`${db.name}: importing memories ${from}..${size} through the gate`);
    const { perSecond, copies } = await importRange(benchGate(db.handle), seed, from, size, keepStatistics(db.handle));
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM memories`.execute(db.handle.db);
    notes.push(`${db.name}: corpus memories ${from}..${size} written through the gate's import op at ${perSecond}/s, ${copies} refused as exact copies (the first ${from} by create); ${rows.rows[0]?.n} memories stored`);
  } else {
    progress(`${db.name}: writing ${size} memories through the gate`);
    await writeRange(benchGate(db.handle), seed, 0, size, 8, undefined, keepStatistics(db.handle));
  }
  // --synthetic-vectors K: real vectors for K texts, noisy copies for the rest (latency only).
  const synthetic = argValue('--synthetic-vectors', 0);
  const vectors = synthetic > 0 ? await syntheticCorpusVectors(root, embedder, seed, size, synthetic) : await corpusVectors(root, embedder, seed, size);
  if (process.argv.includes('--bulk-vectors')) {
    const bulk = await bulkFillVectors(db, vectors, seed, { name: embedder.modelName, version: embedder.modelVersion }, buildMemory());
    bulkBuildSeconds = bulk.hnswBuildSeconds;
    notes.push(`${db.name}: vectors written in bulk (${bulk.written} in ${bulk.writeSeconds} s), HNSW index built once in ${bulk.hnswBuildSeconds} s (maintenance_work_mem ${bulk.buildMemory})`);
  } else await fillVectors(db.handle, cachedPassageEmbedder(embedder, vectors, seed));
  // Every table, as autovacuum would on a default server (it is off on this machine's): the term
  // statistics' folds leave about fourteen dead rows per write, which slow every keyword search.
  await sql`VACUUM ANALYZE`.execute(db.handle.db);
}

async function measure(db: BenchDatabase, embedder: EmbeddingProvider, size: number, count: number, seed: number, filled: boolean): Promise<Row[]> {
  if (!filled) await fill(db, embedder, size, seed);
  const search = createSearchService({ db: db.handle.db, embedder });
  const pipeline = createRetrievalPipeline({ db: db.handle.db, embedder, search });
  const rows: Row[] = [];
  // --modes keyword: time one mode only (e.g. a kept store whose vectors were never computed).
  const modesArg = process.argv.indexOf('--modes');
  const modes = (modesArg >= 0 ? (process.argv[modesArg + 1] ?? '').split(',') : ['hybrid', 'keyword']).filter((m): m is SearchMode => m === 'hybrid' || m === 'keyword' || m === 'vector');
  for (const mode of modes) {
    const plain = await timeQueries(async (q) => (await search.search({ ...q, mode, topK: 10 })).results.length, count, seed);
    rows.push({ backend: db.name, what: 'search (no validation)', mode, ...plain });
    const validated = await timeQueries(async (q) => (await pipeline.retrieve({ ...q, mode, topK: 10, route: 'simple' })).results.length, count, seed);
    rows.push({ backend: db.name, what: 'retrieve (validated pipeline)', mode, ...validated });
    progress(`  ${db.name} ${mode}: search p95 ${plain.latency.p95} ms, retrieve p95 ${validated.latency.p95} ms (max ${validated.latency.max} ms); this process's RSS ${rssMiB()} MiB${db.name === 'pglite' ? ' (the engine runs in it, as in a server)' : ''}`);
  }
  return rows;
}

async function main(): Promise<void> {
  const size = argValue('--size', 10_000);
  const count = argValue('--queries', 200);
  const seed = 42;
  const modelDir = process.env['ENGRAM_TEST_MODEL_DIR'] ?? resolve(root, '.cache/models/all-MiniLM-L6-v2');
  const embedder = await loadEmbeddingProvider({ modelDir, modelName: 'all-MiniLM-L6-v2' });
  const rows: Row[] = [];
  let sizing: Sizing | undefined;
  try {
    const makers = [
      ...(process.argv.includes('--skip-postgres') ? [] : [createNativeDatabase]),
      ...(process.argv.includes('--skip-pglite') ? [] : [createEmbeddedDatabase]),
    ];
    // --reuse URL: a native database an earlier run filled and kept (ENGRAM_BENCH_KEEP_DB=1), so the
    // queries can be timed again on a quieter machine without writing and embedding 100k memories again.
    const reuse = process.argv.indexOf('--reuse');
    if (reuse >= 0) makers.splice(0, makers.length, () => reuseNativeDatabase(process.argv[reuse + 1] ?? ''));
    // --pglite-copy-of URL: embedded PGlite holding a copy of such a kept native store (embedded-copy.ts).
    const copyOf = process.argv.indexOf('--pglite-copy-of');
    if (copyOf >= 0) makers.splice(0, makers.length, () => copyIntoEmbedded(process.argv[copyOf + 1] ?? ''));
    // --pglite-reuse HOME: an embedded store kept by such a run (ENGRAM_BENCH_KEEP_DB=1), timed again without copying.
    const reuseHome = process.argv.indexOf('--pglite-reuse');
    if (reuseHome >= 0) makers.splice(0, makers.length, () => reuseEmbeddedDatabase(process.argv[reuseHome + 1] ?? ''));
    for (const make of makers) {
      const db = await make();
      try {
        rows.push(...(await measure(db, embedder, size, count, seed, (reuse >= 0 && argValue('--fill-from', 0) === 0) || copyOf >= 0 || reuseHome >= 0)));
        if (process.argv.includes('--sizing')) sizing = await measureSizing(db, { root, modelDir, seed, searches: 50, buildMemory: buildMemory(), ...(bulkBuildSeconds === undefined ? {} : { builtInSeconds: bulkBuildSeconds }) });
      } finally {
        await db.destroy();
      }
    }
  } finally {
    await embedder.close();
  }
  const lines = [
    `memories: ${size}, queries per row: ${count} (after ${argValue('--warmup', 20)} warm-up), ${argValue('--concurrency', 1)} at a time, topK 10, scopes global + one project, load average ${loadavg()[0]?.toFixed(1)}`,
    ...(argValue('--synthetic-vectors', 0) > 0 ? [`vectors: real for the first ${argValue('--synthetic-vectors', 0)} texts, noisy copies of them for the rest (latency only; quality on them means nothing)`] : []),
    '', '| backend | what | mode | p50 ms | p95 ms | p99 ms | max ms | results/query | queries/s |', '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.backend} | ${r.what} | ${r.mode} | ${r.latency.p50} | ${r.latency.p95} | ${r.latency.p99} | ${r.latency.max} | ${r.meanResults} | ${r.perSecond} |`),
    ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    ...(sizing ? sizingLines(sizing) : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
