import { sql, type Kysely } from 'kysely';

/** The tables whose planner statistics engram's hot queries depend on (Layer 2, search, the graph, the log). */
export const STATISTICS_TABLES = ['memories', 'memory_edges', 'gate_requests', 'conversation_events'] as const;

/** Options of {@link refreshStatistics}; the default fraction is autovacuum's analyze scale factor. */
export interface RefreshStatisticsOptions {
  tables?: readonly string[];
  minChangedFraction?: number;
  /** Rows changed since the last ANALYZE (cumulative statistics, where the engine keeps them) that also trigger one. */
  minChangedRows?: number;
}

/**
 * ANALYZEs the tables that grew (or changed) enough since their last ANALYZE: what autovacuum does
 * on a default Postgres server, and what nothing does on PGlite (no background workers). Without
 * statistics the planner estimates every table and index as tiny: it then reads a whole scope+type
 * group for Layer 2's candidates, or skips the HNSW index for vector search (ADR-0016). Growth is
 * read from the table's size on disk against the page count its last ANALYZE recorded, which needs
 * no statistics collector; rows changed in place count through `n_mod_since_analyze`. Returns the
 * tables analysed; when `memories` is one of them, its full-text index's pending list is merged too.
 * The caller must own them (the embedded database; a server has autovacuum).
 */
export async function refreshStatistics(db: Kysely<any>, options: RefreshStatisticsOptions = {}): Promise<string[]> {
  const tables = [...(options.tables ?? STATISTICS_TABLES)];
  const fraction = options.minChangedFraction ?? 0.1;
  const minRows = options.minChangedRows ?? 1000;
  const { rows } = await sql<{ relname: string; pages: string | number; analysed_pages: number; live: string | number; changed: string | number | null }>`
    SELECT c.relname, pg_relation_size(c.oid) / current_setting('block_size')::int AS pages, c.relpages AS analysed_pages,
           greatest(c.reltuples, 0) AS live, s.n_mod_since_analyze AS changed
    FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname = ANY(${tables}::text[])`.execute(db);
  const stale = rows.filter((r) => {
    const grew = Number(r.pages) > Math.max(r.analysed_pages * (1 + fraction), r.analysed_pages);
    const changed = Number(r.changed ?? 0) >= Math.max(minRows, fraction * Number(r.live));
    return grew || changed;
  });
  for (const r of stale) await sql`ANALYZE ${sql.table(r.relname)}`.execute(db);
  // The full-text index keeps new entries in an unsorted pending list (up to 4 MB) that every
  // search scans until a vacuum merges it; on PGlite nothing else ever does (ADR-0016).
  if (stale.some((r) => r.relname === 'memories')) await sql`SELECT gin_clean_pending_list('memories_scope_tsv_idx'::regclass)`.execute(db);
  return stale.map((r) => r.relname).sort();
}
