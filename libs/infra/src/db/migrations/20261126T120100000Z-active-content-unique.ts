import { sql, type Kysely } from 'kysely';

/*
 * Duplicates under concurrency (issue 17). Layer 2 reads before it writes, so ten clients storing
 * the same text in one scope at the same moment all saw "no duplicate" and made up to ten records.
 * An exact duplicate is the same content hash among the ACTIVE records of a scope (the Layer 2
 * read's own rule), so that is now a unique index: the second commit fails on it, and the gate
 * turns the failure into the NOOP `duplicate_of` answer a sequential store gets. It replaces
 * memories_hash_idx, whose every reader filters on status = 'active' as well, so the write path
 * keeps one b-tree on these columns (a smaller, partial one). Frozen in time.
 * A database that already holds such duplicates (from before this migration) fails here with
 * the duplicate key named; archive all but one of each and migrate again (docs/runbook.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX memories_active_content_key ON memories (scope, content_hash) WHERE status = 'active'`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_hash_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS memories_hash_idx ON memories (scope, content_hash)`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_active_content_key`.execute(db);
}
