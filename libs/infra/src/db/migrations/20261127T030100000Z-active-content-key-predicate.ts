import { sql, type Kysely } from 'kysely';

/*
 * The unique index of one active record per (scope, content hash) (migration 20261126T120100000Z,
 * issue 17) was partial on `status = 'active'` alone. Layer 2's near-duplicate query (in
 * engram_layer2_candidates) also says only `status = 'active'` besides its group-terms condition,
 * so the planner could read the WHOLE unique index to satisfy that predicate and filter every
 * active row with engram_group_terms. On a fresh, never-analysed table the plan looked cheapest,
 * and the function's cached plan kept it as the table grew: the first 2,000 writes of bench:write
 * ran at 68-83/s against 249-310/s for ef6c8c1 (whose hash index was not partial), the near-query
 * taking ~100 ms each (auto_explain). `content_hash IS NOT NULL` holds for every row (the column
 * is NOT NULL), so the constraint is unchanged; but a query now uses the index only when it
 * constrains content_hash (a strict `=` implies IS NOT NULL), as the exact-duplicate lookups do.
 * Same name: the gate recognises a lost race by it (commit-errors.ts). Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX memories_active_content_key`.execute(db);
  await sql`CREATE UNIQUE INDEX memories_active_content_key ON memories (scope, content_hash)
    WHERE status = 'active' AND content_hash IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX memories_active_content_key`.execute(db);
  await sql`CREATE UNIQUE INDEX memories_active_content_key ON memories (scope, content_hash) WHERE status = 'active'`.execute(db);
}
