import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Group commit for auto-approved creates (issue 2, ADR-0017). Creates from concurrent writers that
 * reach their commit together go to the database as ONE statement: `engram_commit_heads(items)`
 * calls `engram_commit_head` (and through it `engram_commit_version`) for each item in order, so
 * every zero-bypass, version and audit rule is exactly that of a single commit, and returns the
 * head rows. One statement is one transaction: the whole batch commits or none of it does (the
 * gate then retries each item alone, so one bad item never fails the others). Frozen in time.
 */
const SIGNATURE = 'engram_commit_heads(jsonb)';

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE FUNCTION engram_commit_heads(items jsonb) RETURNS SETOF memories
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      DECLARE
        item jsonb;
      BEGIN
        FOR item IN SELECT value FROM jsonb_array_elements(items) LOOP
          RETURN QUERY SELECT * FROM engram_commit_head(item->'v', item->'audit', item->'edges', item->'request');
        END LOOP;
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
