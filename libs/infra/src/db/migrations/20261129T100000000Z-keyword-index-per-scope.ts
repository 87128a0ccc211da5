import { sql, type Kysely } from 'kysely';

/*
 * Issue 35, ADR-0062: keyword search reads its first list through one GIN over (scope, search_tsv)
 * instead of the full-text GIN alone. Every search asks for a few scopes; with the words' index
 * alone Postgres ANDed the words' bitmap with a bitmap of every row of the asked scopes from the
 * (scope, created_at) btree: 17,000 row pointers read per search at 100k memories, 7.8 ms of a
 * 25 ms keyword statement (EXPLAIN ANALYZE on a loaded VM). In one GIN the scope is one more key, and the scan skips through its
 * posting list to the rows that hold a word. A query over every scope uses the same index for its
 * words alone, so `memories_tsv_idx` has no reader left and goes: the number of GIN indexes each
 * write touches stays the same.
 * btree_gin gives GIN its text operator class. It ships with Postgres' contrib (and PGlite's) and
 * is a trusted extension: the database's owner creates it without a superuser, unlike pgvector.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`CREATE INDEX memories_scope_tsv_idx ON memories USING gin (scope, search_tsv)`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_tsv_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS memories_tsv_idx ON memories USING gin (search_tsv)`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_scope_tsv_idx`.execute(db);
  // The extension stays: dropping it would need every index that uses it gone, and it costs nothing.
}
