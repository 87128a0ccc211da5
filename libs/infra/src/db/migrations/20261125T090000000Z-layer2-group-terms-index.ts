import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Layer 2's candidate search, keyed by group (issue 2, ADR-0017). Before every create the gate
 * looks for active records of the same type and scope that share one of a few rare words with the
 * new text. Searched through the full-text GIN, every word's posting list spans all scopes and
 * types: at 100k memories three words meant a 23 000-row bitmap ANDed with a group of 2 600,
 * and the read grew with the whole store instead of the group.
 * `engram_group_terms(type, scope, tsv)` turns a record's lexemes into keys 'type scope lexeme',
 * and a GIN over them (active rows only) gives, per key, exactly the records of that group that
 * have that word. The query side builds its keys with the same function from to_tsvector of the
 * searched words, so the parser and stemmer are Postgres' own on both sides. The full-text index
 * stays as it is for keyword search. `memories_active_group_idx` (type, scope), which gave ADR-0016's
 * read its group bitmap, has no other reader and is dropped: one index fewer on every write.
 * Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE FUNCTION engram_group_terms(type text, scope text, tsv tsvector) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT array_agg(type || ' ' || scope || ' ' || lexeme) FROM unnest(tsvector_to_array(tsv)) AS lexeme
      $fn$`.execute(db);
    // fastupdate off: with a pending list (up to 4 MB, unsorted) every search scans all of it,
    // which cost 200 buffer reads per lookup; written straight into the tree, a lookup reads a few.
    await sql`
      CREATE INDEX memories_group_terms_idx ON memories USING gin (engram_group_terms(type, scope, search_tsv))
        WITH (fastupdate = off) WHERE status = 'active'`.execute(db);
    await sql`DROP INDEX IF EXISTS memories_active_group_idx`.execute(db);
    if (ctx.backend === 'postgres') {
      // Like every engram_* function: the service role calls it (in Layer 2's query), PUBLIC does not.
      await sql`REVOKE ALL ON FUNCTION engram_group_terms(text, text, tsvector) FROM PUBLIC`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION engram_group_terms(text, text, tsvector) TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS memories_active_group_idx ON memories (type, scope) WHERE status = 'active'`.execute(db);
  await sql`DROP INDEX IF EXISTS memories_group_terms_idx`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engram_group_terms(text, text, tsvector)`.execute(db);
}
