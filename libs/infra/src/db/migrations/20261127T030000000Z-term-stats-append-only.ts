import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * BM25 term statistics (ADR-0019) without a lock on the write path (issue 17, ADR-0031).
 * The triggers on `memories` upserted one counter row per (scope, lexeme) inside the writing
 * transaction, under one global advisory lock held until commit: every write of every scope took
 * turns, commit flush included, and bench:write fell from 262-298 to 92-152 memories/s against
 * ef6c8c1 (10k, load 12-15). A lock per scope deadlocked group commits (8 writers, 13 scopes), and
 * without the advisory lock the counter rows' own row locks serialise writers of a scope anyway.
 * So the statistics become append-only: each statement ADDS rows of signed deltas and never updates
 * one, so writers neither wait nor deadlock. Readers already sum `df`, `docs` and `total_len` over
 * the rows of a (scope, lexeme) and a scope. To keep the sums short, a statement folds the rows of
 * the lexemes it touched into one row each, about one statement in FOLD_EVERY, and only if no other
 * transaction is folding that scope (a try-lock: never waits). A fold deletes the rows its snapshot
 * sees and inserts their sum, so rows committed meanwhile are neither lost nor counted twice.
 * Frozen in time: never import application code here.
 */
const FOLD_EVERY = 16;

const APPLY_APPEND_ONLY = `
      BEGIN
        INSERT INTO memory_term_stats (scope, lexeme, df)
          SELECT d.scope, l.lexeme, sum(d.sign) FROM unnest(scopes, tsvs, signs) AS d(scope, tsv, sign),
            LATERAL unnest(tsvector_to_array(d.tsv)) AS l(lexeme)
          GROUP BY d.scope, l.lexeme HAVING sum(d.sign) <> 0;
        INSERT INTO memory_scope_stats (scope, docs, total_len)
          SELECT d.scope, sum(d.sign), sum(d.sign * length(d.tsv)) FROM unnest(scopes, tsvs, signs) AS d(scope, tsv, sign)
          GROUP BY d.scope HAVING sum(d.sign) <> 0 OR sum(d.sign * length(d.tsv)) <> 0;
        IF random() < 1.0 / ${FOLD_EVERY} THEN
          PERFORM engram_fold_term_stats(scopes, tsvs);
        END IF;
      END`;

// Folds, per scope this statement touched and no one else is folding, the rows of its lexemes.
const FOLD = `
      DECLARE sc text;
      BEGIN
        FOR sc IN SELECT DISTINCT u FROM unnest(scopes) AS u ORDER BY u LOOP
          CONTINUE WHEN NOT pg_try_advisory_xact_lock(hashtextextended('engram.memory_term_stats.fold ' || sc, 0));
          WITH touched AS (
            SELECT DISTINCT l.lexeme FROM unnest(scopes, tsvs) AS d(scope, tsv), LATERAL unnest(tsvector_to_array(d.tsv)) AS l(lexeme)
            WHERE d.scope = sc
          ), gone AS (
            DELETE FROM memory_term_stats t USING touched WHERE t.scope = sc AND t.lexeme = touched.lexeme RETURNING t.lexeme, t.df
          )
          INSERT INTO memory_term_stats (scope, lexeme, df) SELECT sc, lexeme, sum(df) FROM gone GROUP BY lexeme HAVING sum(df) <> 0;
          WITH gone AS (DELETE FROM memory_scope_stats WHERE scope = sc RETURNING docs, total_len)
          INSERT INTO memory_scope_stats (scope, docs, total_len) SELECT sc, sum(docs), sum(total_len) FROM gone HAVING count(*) > 0;
        END LOOP;
      END`;

// The previous body (migration 20261126T100000000Z as amended): upserts under one global lock.
const APPLY_UPSERT = `
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
      END`;

const GLOBAL_LOCK = `PERFORM pg_advisory_xact_lock(hashtext('engram.memory_term_stats'));`;

function triggerBody(lock: string): string {
  return `
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
          ${lock}
          PERFORM engram_apply_term_stats(s, t, g);
        END IF;
        RETURN NULL;
      END`;
}

const DEFINER = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp';

async function define(db: Kysely<any>, signature: string, returns: string, body: string): Promise<void> {
  await sql.raw(`CREATE OR REPLACE FUNCTION ${signature} RETURNS ${returns} ${DEFINER} AS $fn$${body} $fn$`).execute(db);
}

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`ALTER TABLE memory_term_stats DROP CONSTRAINT memory_term_stats_pkey`.execute(db);
    await sql`CREATE INDEX memory_term_stats_scope_lexeme_idx ON memory_term_stats (scope, lexeme)`.execute(db);
    await sql`ALTER TABLE memory_scope_stats DROP CONSTRAINT memory_scope_stats_pkey`.execute(db);
    await sql`CREATE INDEX memory_scope_stats_scope_idx ON memory_scope_stats (scope)`.execute(db);
    await define(db, 'engram_fold_term_stats(scopes text[], tsvs tsvector[])', 'void', FOLD);
    await define(db, 'engram_apply_term_stats(scopes text[], tsvs tsvector[], signs int[])', 'void', APPLY_APPEND_ONLY);
    await define(db, 'engram_memories_term_stats()', 'trigger', triggerBody(''));
    if (ctx.backend === 'postgres') {
      // Called only by the triggers (as the owner), like engram_apply_term_stats.
      await sql`REVOKE ALL ON FUNCTION engram_fold_term_stats(text[], tsvector[]) FROM PUBLIC`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  // One row per key again, then the keys and the upserting, globally locked body.
  await sql`WITH gone AS (DELETE FROM memory_term_stats RETURNING scope, lexeme, df)
    INSERT INTO memory_term_stats SELECT scope, lexeme, sum(df) FROM gone GROUP BY scope, lexeme`.execute(db);
  await sql`WITH gone AS (DELETE FROM memory_scope_stats RETURNING scope, docs, total_len)
    INSERT INTO memory_scope_stats SELECT scope, sum(docs), sum(total_len) FROM gone GROUP BY scope`.execute(db);
  await sql`DROP INDEX IF EXISTS memory_term_stats_scope_lexeme_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS memory_scope_stats_scope_idx`.execute(db);
  await sql`ALTER TABLE memory_term_stats ADD PRIMARY KEY (scope, lexeme)`.execute(db);
  await sql`ALTER TABLE memory_scope_stats ADD PRIMARY KEY (scope)`.execute(db);
  await define(db, 'engram_apply_term_stats(scopes text[], tsvs tsvector[], signs int[])', 'void', APPLY_UPSERT);
  await define(db, 'engram_memories_term_stats()', 'trigger', triggerBody(GLOBAL_LOCK));
  await sql`DROP FUNCTION IF EXISTS engram_fold_term_stats(text[], tsvector[])`.execute(db);
}
