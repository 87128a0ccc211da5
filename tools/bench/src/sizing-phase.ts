// `bench:retrieve -- --reuse URL --sizing`: what a store of this size costs an operator (issue 39's
// sizing page): the database and its largest relations on disk, how long the HNSW index takes to
// build from scratch (a restore, a model change), and the RSS of the built MCP server serving it.
// Native only: it reads pg_relation_size and times REINDEX on the kept database.
import { sql } from 'kysely';
import type { BenchDatabase } from './databases.js';
import { measureMcpServerRss, type McpRssResult } from './mcp-rss.js';
import { progress, since } from './stats.js';

/** One relation's size on disk. */
export interface RelationSize {
  name: string;
  kind: 'table' | 'index';
  mib: number;
}

/** What a store of this size costs. */
export interface Sizing {
  databaseMiB: number;
  relations: RelationSize[];
  /** maintenance_work_mem the index was built with. */
  buildMemory: string;
  hnswBuildSeconds: number;
  server: McpRssResult;
}

const mib = (bytes: unknown) => Math.round(Number(bytes ?? 0) / 1048576);

async function relationSizes(db: BenchDatabase, top: number): Promise<RelationSize[]> {
  // pg_table_size: the heap with its TOAST and maps, without indexes (each index is its own row).
  const r = await sql<{ name: string; kind: string; bytes: string }>`
    SELECT c.relname AS name, CASE c.relkind WHEN 'i' THEN 'index' ELSE 'table' END AS kind,
           CASE c.relkind WHEN 'i' THEN pg_relation_size(c.oid) ELSE pg_table_size(c.oid) END AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
    ORDER BY bytes DESC LIMIT ${top}`.execute(db.handle.db);
  return r.rows.map((row) => ({ name: row.name, kind: row.kind as RelationSize['kind'], mib: mib(row.bytes) }));
}

/** Seconds `ddl` (an index build) takes on one session with maintenance_work_mem = `buildMemory`. */
export async function timedIndexBuild(db: BenchDatabase, ddl: string, buildMemory: string): Promise<number> {
  const t = performance.now();
  await db.handle.db.connection().execute(async (c) => {
    await sql`SELECT set_config('maintenance_work_mem', ${buildMemory}, false)`.execute(c);
    await sql.raw(ddl).execute(c);
    await sql`RESET maintenance_work_mem`.execute(c);
  });
  return Math.round(since(t) / 100) / 10;
}

/**
 * Sizes, a timed REINDEX of the HNSW index under `buildMemory` (pgvector builds in memory while
 * the graph fits, far slower once it does not; the server's own setting is what a restore gets),
 * and the MCP server's RSS after `searches` memory.search calls.
 */
export async function measureSizing(db: BenchDatabase, opts: { root: string; modelDir: string; seed: number; searches: number; buildMemory: string; builtInSeconds?: number }): Promise<Sizing> {
  if (!db.url) throw new Error('--sizing needs a native store (--reuse URL)');
  const size = await sql<{ b: string }>`SELECT pg_database_size(current_database()) AS b`.execute(db.handle.db);
  const relations = await relationSizes(db, 8);
  progress(`sizing: database ${mib(size.rows[0]?.b)} MiB`);
  // builtInSeconds: this run already built the index once from scratch (--bulk-vectors); a second
  // build of a 1M index would add a quarter of an hour and measure the same thing.
  const hnswBuildSeconds = opts.builtInSeconds ?? (await timedIndexBuild(db, 'REINDEX INDEX memories_embedding_idx', opts.buildMemory));
  progress(`sizing: HNSW build ${hnswBuildSeconds} s; starting the MCP server on the store`);
  const server = await measureMcpServerRss(opts.root, db.url, opts.modelDir, opts.seed, opts.searches);
  return { databaseMiB: mib(size.rows[0]?.b), relations, buildMemory: opts.buildMemory, hnswBuildSeconds, server };
}

/** The sizing figures as markdown lines. */
export function sizingLines(s: Sizing): string[] {
  const server = s.server.measured
    ? `MCP server RSS ${s.server.rssAfterStartMiB} MiB after start, ${s.server.rssMiB} MiB after ${s.server.searches} memory.search calls (p50 / p95 ${s.server.searchLatencyMs.p50} / ${s.server.searchLatencyMs.p95} ms over HTTP)`
    : `MCP server not measured: ${s.server.reason}`;
  return [
    '', `- database on disk: ${s.databaseMiB} MiB; largest relations: ${s.relations.map((r) => `${r.name} (${r.kind}) ${r.mib} MiB`).join(', ')}`,
    `- HNSW index built from scratch (REINDEX, maintenance_work_mem ${s.buildMemory}): ${s.hnswBuildSeconds} s`,
    `- ${server}`,
  ];
}
