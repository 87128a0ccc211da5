import { sql, type Kysely } from 'kysely';

/**
 * The tables whose dead rows pile up fastest: BM25's term statistics are append-only deltas that a
 * fold deletes and re-inserts (ADR-0031), about fourteen dead rows per stored memory. Bloat there
 * slows every keyword search's statistics read (at 100k memories on a server without autovacuum:
 * 1.4 M dead rows, 5.5 ms against 1.4 ms after a VACUUM). `memories` is left to page pruning: a
 * VACUUM of it walks the HNSW index, seconds on PGlite's single session.
 */
export const VACUUM_TABLES = ['memory_term_stats', 'memory_scope_stats'] as const;

/** Options of {@link vacuumDeadRows}; the defaults are autovacuum's (threshold 50, scale factor 0.2). */
export interface VacuumDeadRowsOptions {
  tables?: readonly string[];
  minDeadRows?: number;
  minDeadFraction?: number;
}

/**
 * VACUUMs the tables whose dead rows passed autovacuum's own trigger (50 + 20 % of the live rows),
 * read from the cumulative statistics: what autovacuum does on a default server, and what nothing
 * does on PGlite. Returns the tables vacuumed. The caller must own them (the embedded database).
 */
export async function vacuumDeadRows(db: Kysely<any>, options: VacuumDeadRowsOptions = {}): Promise<string[]> {
  const tables = [...(options.tables ?? VACUUM_TABLES)];
  const minRows = options.minDeadRows ?? 50;
  const fraction = options.minDeadFraction ?? 0.2;
  const { rows } = await sql<{ relname: string; live: string | number; dead: string | number }>`
    SELECT relname, n_live_tup AS live, n_dead_tup AS dead FROM pg_stat_user_tables
    WHERE schemaname = current_schema() AND relname = ANY(${tables}::text[])`.execute(db);
  const bloated = rows.filter((r) => Number(r.dead) > minRows + fraction * Number(r.live)).map((r) => r.relname).sort();
  for (const table of bloated) await sql`VACUUM ${sql.table(table)}`.execute(db);
  return bloated;
}
