// One backend, end to end: write the corpus through the gate in size steps (10k, then up to
// 100k in the same database), fill vectors with the indexer, measure search, RSS, and profile.
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { EmbeddingProvider } from '@engram/infra';
import { createSearchService, type PassageEmbedder } from '@engram/retrieval';
import { memoryAt } from './corpus.js';
import type { BenchDatabase } from './databases.js';
import { exportLines } from './import-phase.js';
import { measureA2aServer, type A2aResult } from './a2a-phase.js';
import type { McpRssResult } from './mcp-rss.js';
import type { BenchOptions } from './options.js';
import { profileGate, type GateProfile } from './profile-phase.js';
import { fillVectors, measureSearch, type SearchModeResult } from './search-phase.js';
import { progress, rssMiB, since } from './stats.js';
import { benchGate, keepStatistics, writeRange, type WriteResult } from './write-phase.js';

/** Everything measured at one size. */
export interface SizeResult {
  size: number;
  write: WriteResult;
  /** The last memory written was found by a keyword search before any vector existed. */
  keywordAtOnce: boolean;
  index: { embedded: number; seconds: number; perSecond: number };
  search: SearchModeResult[];
  databaseMiB: number;
  rssAfterSearchMiB: number;
  loadAvg1m: number;
  hnswRebuildSeconds?: number;
  /** Seconds of ANALYZE before searching (with --analyze); undefined = planner statistics as the engine left them. */
  analyzeSeconds: number | undefined;
}

/** Results of one backend. */
export interface BackendResult {
  backend: 'postgres' | 'pglite';
  sizes: SizeResult[];
  profile?: GateProfile;
  /** RSS of the bench process (database handle + embedder; for PGlite the database itself) at the end. */
  benchRssMiB?: number;
  mcpServer?: McpRssResult;
  a2aServer?: A2aResult;
}

async function databaseMiB(db: BenchDatabase): Promise<number> {
  const r = await sql<{ b: number }>`SELECT pg_database_size(current_database())::bigint AS b`.execute(db.handle.db);
  return Math.round(Number(r.rows[0]?.b ?? 0) / 1048576);
}

/**
 * Without --analyze the search runs on the table as the writes and the indexer left it. With it,
 * `VACUUM (ANALYZE)` of every table first: what autovacuum does on a default server after that many
 * updates (the indexer rewrites every row once; the term statistics' folds delete about fourteen
 * rows per write), and what is off on this machine's server. It
 * refreshes statistics (with stale ones the planner skips the HNSW index), removes the dead row
 * versions, and merges the full-text index's pending list, which every keyword search scans.
 */
async function analyzeTables(db: BenchDatabase): Promise<number> {
  const t = performance.now();
  await sql`VACUUM (ANALYZE)`.execute(db.handle.db);
  return Math.round(since(t) / 100) / 10;
}

/** REINDEX of the HNSW index: what a restore or a model change costs on top of row-by-row upkeep. */
async function hnswRebuild(db: BenchDatabase): Promise<number> {
  const t = performance.now();
  await sql`REINDEX INDEX memories_embedding_idx`.execute(db.handle.db);
  return Math.round(since(t) / 100) / 10;
}

interface RunDeps {
  root: string;
  opts: BenchOptions;
  embedder: EmbeddingProvider;
  passages: PassageEmbedder;
  /** Called with the database at the first size (the import phase exports from it). */
  onFirstSize?: (lines: string[]) => void;
}

async function keywordSearchableAtOnce(db: BenchDatabase, deps: RunDeps, i: number): Promise<boolean> {
  const spec = memoryAt(deps.opts.seed, i);
  const r = await createSearchService({ db: db.handle.db, embedder: null }).search({ text: spec.content, mode: 'keyword', scopes: [spec.scope], topK: 20 });
  return r.results.some((x) => x.record.content === spec.content);
}

async function measureSize(db: BenchDatabase, deps: RunDeps, from: number, size: number, first: boolean): Promise<SizeResult> {
  const { opts } = deps;
  progress(`${db.name}: writing memories ${from}..${size} through the gate (concurrency ${opts.concurrency})`);
  const write = await writeRange(benchGate(db.handle), opts.seed, from, size, opts.concurrency, undefined, keepStatistics(db.handle));
  const keywordAtOnce = await keywordSearchableAtOnce(db, deps, size - 1);
  progress(`${db.name}: ${write.perSecond} memories/s (newest memory keyword-searchable before indexing: ${keywordAtOnce}); filling vectors`);
  if (first && deps.onFirstSize) deps.onFirstSize(await exportLines(db.handle, opts.importCount));
  const index = await fillVectors(db.handle, deps.passages);
  progress(`${db.name}: indexed ${index.embedded} vectors in ${index.seconds} s; searching (${opts.queries} queries per mode)`);
  const analyzeSeconds = opts.analyze ? await analyzeTables(db) : undefined;
  const search = await measureSearch(db.handle, deps.embedder, opts.seed, opts.queries);
  const result: SizeResult = { size, write, keywordAtOnce, index, analyzeSeconds, search, databaseMiB: await databaseMiB(db), rssAfterSearchMiB: rssMiB(), loadAvg1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 };
  if (first) {
    result.hnswRebuildSeconds = await hnswRebuild(db);
    progress(`${db.name}: HNSW rebuild at ${size}: ${result.hnswRebuildSeconds} s`);
  }
  return result;
}

/** Runs every size on `db` (which it does not destroy). */
export async function runBackend(db: BenchDatabase, deps: RunDeps): Promise<BackendResult> {
  const sizes: SizeResult[] = [];
  let from = 0;
  let a2aServer: A2aResult | undefined;
  for (const size of db.name === 'pglite' ? deps.opts.pgliteSizes : deps.opts.sizes) {
    sizes.push(await measureSize(db, deps, from, size, from === 0));
    if (from === 0 && db.url && deps.opts.a2a) a2aServer = await measureA2aServer(deps.root, db.url, deps.opts.modelDir, deps.opts.seed, size);
    from = size;
  }
  const result: BackendResult = { backend: db.name, sizes, ...(a2aServer ? { a2aServer } : {}) };
  if (db.url) {
    progress(`${db.name}: profiling 1000 sequential gate writes at ${from} memories`);
    result.profile = await profileGate(db.url, deps.opts.seed, from, 1000);
  }
  return result;
}
