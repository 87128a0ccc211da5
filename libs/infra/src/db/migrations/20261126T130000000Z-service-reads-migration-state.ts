import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Server mode as a service login (issue 18, ADR-0026): services no longer migrate; they read
 * kysely's migration table to refuse starting on a pending migration. kysely created that table
 * before the service-role migration set default privileges, so the grant is explicit here. The
 * lock table stays closed to the service: only the owner migrates. No-op on PGlite (no roles).
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    if (ctx.backend !== 'postgres') return;
    await sql`GRANT SELECT ON kysely_migration TO engram_service`.execute(db);
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_roles WHERE rolname = 'engram_service'`.execute(db);
  if (!exists.rows[0]?.n) return;
  await sql`REVOKE SELECT ON kysely_migration FROM engram_service`.execute(db);
}
