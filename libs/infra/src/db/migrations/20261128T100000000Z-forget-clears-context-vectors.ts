import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Issue 35, ADR-0049: a short turn of a dialogue is embedded with up to five searchable turns
 * before it in its session, so its vector holds some of their meaning. Forgetting a turn purges
 * its text and its own vector (engram_forget); this trigger also drops the vectors of the five
 * searchable turns after it in its scope and session, the only ones whose context could have read
 * it. The indexer embeds them again without the forgotten turn. The session key is read from the
 * row as it was before the tombstone emptied its metadata (the same expression as
 * memories_session_order_idx). Frozen in time.
 */
const SESSION_KEY = (row: string) =>
  `coalesce(${row}.metadata->>'session_id', ${row}.metadata->>'session', ${row}.metadata->>'conversation_id', ${row}.metadata->>'conversation', ${row}.metadata->>'thread_id')`;

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql.raw(`
      CREATE FUNCTION engram_forget_context_vectors() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      BEGIN
        UPDATE memories SET embedding = NULL, embedding_model = NULL, embedding_model_version = NULL
         WHERE embedding IS NOT NULL AND id IN (
           SELECT n.id FROM memories n
            WHERE n.scope = OLD.scope AND ${SESSION_KEY('n')} = ${SESSION_KEY('OLD')} AND n.created_at > OLD.created_at
              AND n.status IN ('active', 'archived')
            ORDER BY n.created_at, n.id LIMIT 5);
        RETURN NULL;
      END $fn$`).execute(db);
    await sql.raw(`CREATE TRIGGER memories_forget_context_vectors AFTER UPDATE OF status ON memories FOR EACH ROW
      WHEN (NEW.status = 'forgotten' AND OLD.status IS DISTINCT FROM 'forgotten' AND ${SESSION_KEY('OLD')} IS NOT NULL)
      EXECUTE FUNCTION engram_forget_context_vectors()`).execute(db);
    if (ctx.backend === 'postgres') await sql`REVOKE ALL ON FUNCTION engram_forget_context_vectors() FROM PUBLIC`.execute(db);
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS memories_forget_context_vectors ON memories`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engram_forget_context_vectors()`.execute(db);
}
