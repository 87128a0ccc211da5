import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Least-privilege role for server mode (ADR-0004). Services log in as a role that is a member of
 * `engram_service`: it may read the memory tables but not write them; the only durable write path
 * is the SECURITY DEFINER `engram_*` functions. Frozen in time: the grants cover the functions
 * that exist at this point; later migrations grant on what they add themselves.
 * PGlite runs as its single superuser and has no roles to speak of, so this is a no-op there.
 */
const READ_ONLY_TABLES = ['memories', 'memory_versions', 'gate_audit', 'memory_edges'];
const JOB_SCHEMA = 'pgboss';

export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    if (ctx.backend !== 'postgres') return;
    // Roles are cluster-wide: parallel migrations of several databases race on creating it.
    await sql`
      DO $do$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_service') THEN
          CREATE ROLE engram_service NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $do$`.execute(db);

    for (const table of READ_ONLY_TABLES) {
      await sql`REVOKE ALL ON ${sql.table(table)} FROM engram_service, PUBLIC`.execute(db);
      await sql`GRANT SELECT ON ${sql.table(table)} TO engram_service`.execute(db);
    }
    await sql`REVOKE ALL ON gate_requests FROM engram_service, PUBLIC`.execute(db);
    await sql`GRANT SELECT, INSERT, UPDATE ON gate_requests TO engram_service`.execute(db);
    await grantFunctions(db);

    // Tables added by later migrations are readable by default; writes need explicit grants.
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO engram_service`.execute(db);

    // pg-boss creates a table per queue at run time, so the service needs CREATE in its schema.
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(JOB_SCHEMA)}`.execute(db);
    await sql`GRANT USAGE, CREATE ON SCHEMA ${sql.id(JOB_SCHEMA)} TO engram_service`.execute(db);
    await sql`GRANT ALL ON ALL TABLES IN SCHEMA ${sql.id(JOB_SCHEMA)} TO engram_service`.execute(db);
    await sql`GRANT ALL ON ALL SEQUENCES IN SCHEMA ${sql.id(JOB_SCHEMA)} TO engram_service`.execute(db);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${sql.id(JOB_SCHEMA)} GRANT ALL ON TABLES TO engram_service`.execute(db);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${sql.id(JOB_SCHEMA)} GRANT ALL ON SEQUENCES TO engram_service`.execute(db);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${sql.id(JOB_SCHEMA)} GRANT EXECUTE ON FUNCTIONS TO engram_service`.execute(db);
  };
}

/** SECURITY DEFINER functions run as their owner: only engram_service (not PUBLIC) may call them. */
async function grantFunctions(db: Kysely<any>): Promise<void> {
  await sql`
    DO $do$ DECLARE f regprocedure;
    BEGIN
      FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname = 'public' AND p.proname LIKE 'engram\_%'
      LOOP
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO engram_service', f);
      END LOOP;
    END $do$`.execute(db);
}

/** Takes the grants back; the role itself stays, since other databases on the cluster may use it. */
export async function down(db: Kysely<any>): Promise<void> {
  const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_service'`.execute(db);
  if (!exists.rows[0]?.n) return;
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT ON TABLES FROM engram_service`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${sql.id(JOB_SCHEMA)} REVOKE ALL ON TABLES FROM engram_service`.execute(db);
  for (const table of [...READ_ONLY_TABLES, 'gate_requests']) {
    await sql`REVOKE ALL ON ${sql.table(table)} FROM engram_service`.execute(db);
  }
}
