import { sql, type Kysely } from 'kysely';

/*
 * An operator's listing of every memory, newest first (the web inspector's Memories page, `engram
 * memory list` without --scope), orders by (created_at, id) with no scope to lead the existing
 * (scope, created_at, id) index: at 100k memories Postgres sorted the whole table for each page
 * (254 ms p50 on the 2-core VM). This index makes the first page and every keyset page a short
 * backward range scan. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX memories_created_order_idx ON memories (created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS memories_created_order_idx`.execute(db);
}
