import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Layer 2's read for a create as a function (issue 2, ADR-0017). Sent as SQL text, its three
 * branches (exact duplicate, near-duplicate candidates, conflict candidates) were planned anew
 * for every write: 0.4-0.55 ms of planning against 0.5-0.8 ms of execution at 100k memories.
 * PL/pgSQL keeps the plans of its statements for the connection, so a pooled connection plans
 * each branch once. The branches are those of the reader's former query:
 * - exact: an active record of the scope with the same content hash (oldest first);
 * - near: active records of the type and scope with one of the words (`p_near`, to_tsvector
 *   text), through the per-group key index, ranked against all words of the text (`p_rank`);
 * - conflicts: for a negated text, the same search by `p_opposite`; for a text without a
 *   negation, only the group's negated records (a partial index holds them) matching any of
 *   `p_opposite_any` (websearch text).
 * SECURITY INVOKER: it reads what the caller may read. Frozen in time.
 */
const SIGNATURE = 'engram_layer2_candidates(text, text, text, text, text, text, boolean, text, integer)';

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE FUNCTION engram_layer2_candidates(
        p_type text, p_scope text, p_hash text, p_near text, p_opposite text, p_opposite_any text,
        p_negated boolean, p_rank text, p_limit integer
      ) RETURNS TABLE (head memories, rank real, exact boolean)
      LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $fn$
      DECLARE
        -- Computed once per call: in a cached (generic) plan an expression of a parameter is not
        -- folded to a constant, and ts_rank would parse the query text again for every row.
        rank_query tsquery := websearch_to_tsquery('english', coalesce(p_rank, ''));
        near_keys text[] := engram_group_terms(p_type, p_scope, to_tsvector('english', coalesce(p_near, '')));
        opposite_keys text[] := engram_group_terms(p_type, p_scope, to_tsvector('english', coalesce(p_opposite, '')));
        opposite_any tsquery := websearch_to_tsquery('english', coalesce(p_opposite_any, ''));
      BEGIN
        RETURN QUERY SELECT m, 0::real, true FROM memories m
          WHERE m.scope = p_scope AND m.content_hash = p_hash AND m.status = 'active'
          ORDER BY m.created_at LIMIT 1;
        IF coalesce(p_rank, '') = '' THEN
          RETURN;
        END IF;
        RETURN QUERY SELECT m, ts_rank(m.search_tsv, rank_query) AS r, false FROM memories m
          WHERE m.status = 'active' AND engram_group_terms(m.type, m.scope, m.search_tsv) && near_keys
          ORDER BY r DESC LIMIT p_limit;
        IF p_negated THEN
          RETURN QUERY SELECT m, ts_rank(m.search_tsv, rank_query) AS r, false FROM memories m
            WHERE m.status = 'active' AND engram_group_terms(m.type, m.scope, m.search_tsv) && opposite_keys
            ORDER BY r DESC LIMIT p_limit;
        ELSE
          RETURN QUERY SELECT m, ts_rank(m.search_tsv, rank_query) AS r, false FROM memories m
            WHERE m.scope = p_scope AND m.type = p_type AND m.status = 'active' AND engram_is_negated(m.content)
              AND m.search_tsv @@ opposite_any
            ORDER BY r DESC LIMIT p_limit;
        END IF;
      END
      $fn$`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`REVOKE ALL ON FUNCTION ${sql.raw(SIGNATURE)} FROM PUBLIC`.execute(db);
      await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(SIGNATURE)} TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ${sql.raw(SIGNATURE)}`.execute(db);
}
