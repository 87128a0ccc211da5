import { sql } from 'kysely';
import { SchemaPendingError } from '../errors.js';
import type { DatabaseHandle } from './database-handle.js';
import { migrateToLatest, type MigrateOptions } from './migrate.js';
import * as migrations from './migrations/index.js';

/** What {@link prepareSchema} did: applied migrations (owner), or only checked them (service login). */
export interface SchemaReadiness {
  mode: 'migrated' | 'checked';
  applied: string[];
}

/**
 * Brings the schema up to date when the connected role may, else checks it (ADR-0026).
 * Embedded PGlite and an owner (superuser, a member of the role owning kysely's table, or, on a
 * database never migrated, a role that may create in `public`) migrate as before. A service login
 * (`engram_service` member) never migrates: it has no right to kysely's lock table and must not
 * run DDL; it starts only when nothing is pending and otherwise stops with SchemaPendingError
 * telling the operator to run `engram migrate` as the owner.
 */
export async function prepareSchema(handle: DatabaseHandle, opts: MigrateOptions = {}): Promise<SchemaReadiness> {
  if (handle.backend === 'pglite' || (await mayMigrate(handle))) {
    const { applied } = await migrateToLatest(handle, opts);
    return { mode: 'migrated', applied };
  }
  const pending = await pendingMigrations(handle);
  if (pending.length > 0) {
    throw new SchemaPendingError(
      `the database at ${handle.location} has ${pending.length} pending migration(s) (${pending[0]}${pending.length > 1 ? ' …' : ''}) ` +
        `and this role may not apply them: run \`engram migrate\` with DATABASE_URL set to the owner's URL, then start again`,
    );
  }
  return { mode: 'checked', applied: [] };
}

async function mayMigrate(handle: DatabaseHandle): Promise<boolean> {
  const { rows } = await sql<{ may: boolean }>`
    SELECT r.rolsuper
        OR CASE WHEN t.tableowner IS NULL THEN has_schema_privilege('public', 'CREATE')
                ELSE pg_has_role(current_user, t.tableowner, 'USAGE') END AS may
      FROM pg_roles r
      LEFT JOIN pg_tables t ON t.schemaname = 'public' AND t.tablename = 'kysely_migration'
     WHERE r.rolname = current_user`.execute(handle.db);
  return rows[0]?.may === true;
}

/**
 * Names of this build's migrations that the database has not applied, oldest first. A role that
 * may not read kysely's table (before migration 20261126T130000000Z granted it) sees them all as
 * pending: that grant is itself one of them.
 */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const known = Object.keys(migrations).sort();
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(handle.db);
    applied = new Set(rows.map((r) => r.name));
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 42P01: never migrated; 42501: not readable by this role (migrated by an older build).
    if (code === '42P01' || code === '42501') return known;
    throw error;
  }
  return known.filter((name) => !applied.has(name));
}

/**
 * The schema's state in one line for `/health` and the inspector's Health page (issue 37: it
 * showed "Migrations —" always): `up to date (N, latest <name>)` or `N pending (<oldest> …)`.
 */
export async function migrationState(handle: DatabaseHandle): Promise<string> {
  const known = Object.keys(migrations).sort();
  const pending = await pendingMigrations(handle);
  if (pending.length === 0) return `up to date (${known.length}, latest ${known.at(-1) ?? 'none'})`;
  return `${pending.length} pending (${pending[0]}${pending.length > 1 ? ' …' : ''})`;
}
