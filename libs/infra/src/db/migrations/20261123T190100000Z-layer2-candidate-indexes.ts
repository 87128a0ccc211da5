import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Layer 2 reads before every create (ADR-0016): the active records of one scope and type that
 * share a few rare words with the new text, and the negated ones of that group.
 * 1. `(type, scope)` over active rows: the group in one small bitmap, instead of ANDing the type
 *    index (a third of all rows) with the scope index, which cost more than the word search.
 * 2. Layer 2's conflict check looks for "the same statement with the opposite polarity" (issue 2).
 * A create whose text has no negation can only conflict with a record that has one, and those
 * are few: `engram_is_negated(content)` marks them and a partial index over the active ones per
 * (scope, type) finds them without touching the rest of the group.
 * The function mirrors the librarian's NEGATIONS word list (similarity.ts) and errs on the side
 * of saying "negated": it is only ever used to narrow a search to negated records, so a false
 * positive costs a row and a miss would hide a conflict. A test keeps the two lists in step.
 * `lower(normalize(…, NFKC))` is the gate's own normalisation (normaliseContent). Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE FUNCTION engram_is_negated(content text) RETURNS boolean
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT lower(normalize(content, NFKC))
          ~ '(^|[^[:alnum:]])(not|no|never|cannot|avoid|without|neither|nor|(don|doesn|isn|aren|wasn|can|won|shouldn)[''’]?t)([^[:alnum:]]|$)'
      $fn$`.execute(db);
    // (type, scope), not (scope, type): a scope-only lookup (the exact-duplicate check by content
    // hash) must never find this index attractive where statistics are missing or stale.
    await sql`CREATE INDEX memories_active_group_idx ON memories (type, scope) WHERE status = 'active'`.execute(db);
    await sql`
      CREATE INDEX memories_negated_active_idx ON memories (scope, type)
        WHERE status = 'active' AND engram_is_negated(content)`.execute(db);
    if (ctx.backend === 'postgres') {
      // Like every engram_* function: the service role calls it (in Layer 2's query), PUBLIC does not.
      await sql`REVOKE ALL ON FUNCTION engram_is_negated(text) FROM PUBLIC`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION engram_is_negated(text) TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS memories_negated_active_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_active_group_idx`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engram_is_negated(text)`.execute(db);
}
