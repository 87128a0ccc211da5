import { sql, type Kysely } from 'kysely';

/*
 * The write path's hidden per-statement costs (issue 2, ADR-0018). A profile of the gate under
 * load (perf, 2026-11-26) put 14 % of Postgres' CPU in `fmgr_sql`: a LANGUAGE sql function that
 * Postgres cannot inline is parsed, analysed and planned again each time a statement that calls
 * it starts. Three such functions run on every create:
 * - `engram_group_terms` (an aggregate over a subquery): the per-group key index's expression,
 *   and twice in every Layer 2 read;
 * - `engram_tags_text` (IMMUTABLE around the STABLE array_to_string, so never inlined): the
 *   generated `search_tsv` column;
 * - `engram_add_edge`: once per commit with edges.
 * As PL/pgSQL they keep their plans for the connection. Same signatures, same results (a test
 * checks them against the SQL they replace), so the indexes built with them stay valid and
 * nothing is rebuilt; owners and grants are kept by CREATE OR REPLACE.
 * ANALYZE (the embedded server's statistics refresh, or autovacuum) also sorted columns whose
 * statistics no query reads: `content` (no query compares it), `metadata` (filtered only through
 * jsonb_path_exists, which the planner does not estimate from statistics), `embedding` (384 floats
 * a value) and the per-group key expression (only ever compared with a parameter in a cached
 * plan). Their statistics target is 0. Frozen in time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION engram_group_terms(type text, scope text, tsv tsvector) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
    BEGIN
      RETURN (SELECT array_agg(type || ' ' || scope || ' ' || lexeme) FROM unnest(tsvector_to_array(tsv)) AS lexeme);
    END
    $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION engram_tags_text(tags text[]) RETURNS text
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
    BEGIN
      RETURN array_to_string(tags, ' ');
    END
    $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION engram_add_edge(p_src uuid, p_dst uuid, p_kind text, p_weight real) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
      ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight;
    END
    $fn$`.execute(db);
  await setStatistics(db, 0);
}

async function setStatistics(db: Kysely<any>, target: number): Promise<void> {
  const value = sql.raw(String(target));
  for (const column of ['content', 'metadata', 'embedding']) {
    await sql`ALTER TABLE memories ALTER COLUMN ${sql.ref(column)} SET STATISTICS ${value}`.execute(db);
  }
  await sql`ALTER INDEX memories_group_terms_idx ALTER COLUMN 1 SET STATISTICS ${value}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await setStatistics(db, -1);
  await sql`
    CREATE OR REPLACE FUNCTION engram_group_terms(type text, scope text, tsv tsvector) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
      SELECT array_agg(type || ' ' || scope || ' ' || lexeme) FROM unnest(tsvector_to_array(tsv)) AS lexeme
    $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION engram_tags_text(tags text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT array_to_string(tags, ' ') $fn$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION engram_add_edge(p_src uuid, p_dst uuid, p_kind text, p_weight real) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
      ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight
    $fn$`.execute(db);
}
