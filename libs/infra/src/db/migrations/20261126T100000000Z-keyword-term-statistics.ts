import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Per-scope term statistics for BM25 keyword ranking (issue 16, ADR-0019). `ts_rank_cd` knows
 * neither how rare a word is nor how long a memory is; BM25 needs, per scope, the number of
 * searchable memories, their total length (distinct lexemes of search_tsv) and each lexeme's
 * document frequency. Counting them at query time reads every posting of every query word across
 * all scopes (tens of ms at 100k memories), so statement-level triggers on `memories` keep them:
 * one aggregated, lexeme-ordered upsert per statement, whatever function wrote the rows, under one
 * transaction-level advisory lock (writers of statistics take turns; no lock-order deadlocks). A memory counts while it is searchable (active or archived);
 * a change of status, scope or text moves its contribution. Rows whose df falls to 0 stay (harmless).
 * Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`CREATE TABLE memory_scope_stats (scope text PRIMARY KEY, docs bigint NOT NULL, total_len bigint NOT NULL)`.execute(db);
    await sql`CREATE TABLE memory_term_stats (scope text NOT NULL, lexeme text NOT NULL, df bigint NOT NULL, PRIMARY KEY (scope, lexeme))`.execute(db);
    // Applies signed contributions (scope, search_tsv, +1/-1) of a set of rows, in a fixed lock order.
    await sql`
      CREATE FUNCTION engram_apply_term_stats(scopes text[], tsvs tsvector[], signs int[]) RETURNS void
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      BEGIN
        INSERT INTO memory_term_stats AS t (scope, lexeme, df)
          SELECT d.scope, l.lexeme, sum(d.sign) FROM unnest(scopes, tsvs, signs) AS d(scope, tsv, sign),
            LATERAL unnest(tsvector_to_array(d.tsv)) AS l(lexeme)
          GROUP BY d.scope, l.lexeme HAVING sum(d.sign) <> 0 ORDER BY d.scope, l.lexeme
          ON CONFLICT (scope, lexeme) DO UPDATE SET df = t.df + EXCLUDED.df;
        INSERT INTO memory_scope_stats AS s (scope, docs, total_len)
          SELECT d.scope, sum(d.sign), sum(d.sign * length(d.tsv)) FROM unnest(scopes, tsvs, signs) AS d(scope, tsv, sign)
          GROUP BY d.scope HAVING sum(d.sign) <> 0 OR sum(d.sign * length(d.tsv)) <> 0 ORDER BY d.scope
          ON CONFLICT (scope) DO UPDATE SET docs = s.docs + EXCLUDED.docs, total_len = s.total_len + EXCLUDED.total_len;
      END $fn$`.execute(db);
    await sql`
      CREATE FUNCTION engram_memories_term_stats() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      DECLARE s text[]; t tsvector[]; g int[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(n.scope), array_agg(n.search_tsv), array_agg(1) INTO s, t, g
            FROM new_rows n WHERE n.status IN ('active', 'archived');
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(o.scope), array_agg(o.search_tsv), array_agg(-1) INTO s, t, g
            FROM old_rows o WHERE o.status IN ('active', 'archived');
        ELSE
          -- Most updates (access, embeddings, confidence) change none of what is counted: skip them.
          SELECT array_agg(c.scope), array_agg(c.tsv), array_agg(c.sign) INTO s, t, g FROM (
            SELECT o.scope, o.search_tsv AS tsv, -1 AS sign FROM old_rows o JOIN new_rows n USING (id)
              WHERE o.status IN ('active', 'archived') AND (n.status NOT IN ('active', 'archived') OR n.scope <> o.scope OR n.search_tsv <> o.search_tsv)
            UNION ALL
            SELECT n.scope, n.search_tsv, 1 FROM old_rows o JOIN new_rows n USING (id)
              WHERE n.status IN ('active', 'archived') AND (o.status NOT IN ('active', 'archived') OR n.scope <> o.scope OR n.search_tsv <> o.search_tsv)
          ) c;
        END IF;
        IF s IS NOT NULL THEN
          -- One writer of statistics at a time, until its transaction ends: a commit writes its
          -- rows in several statements, and two of them upserting overlapping lexemes in
          -- different orders deadlocked (measured: bench:retrieve, 8 concurrent writers).
          PERFORM pg_advisory_xact_lock(hashtext('engram.memory_term_stats'));
          PERFORM engram_apply_term_stats(s, t, g);
        END IF;
        RETURN NULL;
      END $fn$`.execute(db);
    await sql`CREATE TRIGGER memories_term_stats_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION engram_memories_term_stats()`.execute(db);
    await sql`CREATE TRIGGER memories_term_stats_update AFTER UPDATE ON memories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION engram_memories_term_stats()`.execute(db);
    await sql`CREATE TRIGGER memories_term_stats_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION engram_memories_term_stats()`.execute(db);
    // Existing memories: count them once.
    await sql`SELECT engram_apply_term_stats(coalesce(array_agg(scope), '{}'), coalesce(array_agg(search_tsv), '{}'), coalesce(array_agg(1), '{}'))
      FROM memories WHERE status IN ('active', 'archived')`.execute(db);
    if (ctx.backend === 'postgres') {
      for (const f of ['engram_apply_term_stats(text[], tsvector[], int[])', 'engram_memories_term_stats()']) {
        await sql`REVOKE ALL ON FUNCTION ${sql.raw(f)} FROM PUBLIC`.execute(db);
      }
      // Search reads the statistics; only the triggers write them.
      await sql`REVOKE ALL ON memory_scope_stats, memory_term_stats FROM PUBLIC`.execute(db);
      await sql`GRANT SELECT ON memory_scope_stats, memory_term_stats TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) await sql`DROP TRIGGER IF EXISTS ${sql.raw(`memories_term_stats_${t}`)} ON memories`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engram_memories_term_stats()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS engram_apply_term_stats(text[], tsvector[], int[])`.execute(db);
  await sql`DROP TABLE IF EXISTS memory_term_stats`.execute(db);
  await sql`DROP TABLE IF EXISTS memory_scope_stats`.execute(db);
}
