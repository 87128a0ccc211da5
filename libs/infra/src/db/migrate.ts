import { Migrator } from 'kysely/migration';
import { MigrationError } from '../errors.js';
import { installJobSchema } from '../jobs/install-job-schema.js';
import type { DatabaseHandle } from './database-handle.js';
import { DEFAULT_EMBEDDING_DIM } from './migration-context.js';
import { CtxMigrationProvider, type MigrationModule } from './migration-provider.js';
import * as migrations from './migrations/index.js';

/** Options of {@link migrateToLatest}. */
export interface MigrateOptions {
  /** Width of `memories.embedding` (default 384). Only read when the core migration first runs. */
  embeddingDim?: number;
}

function migratorFor(handle: DatabaseHandle, opts: MigrateOptions): Migrator {
  const ctx = { backend: handle.backend, embeddingDim: opts.embeddingDim ?? DEFAULT_EMBEDDING_DIM };
  return new Migrator({
    db: handle.db,
    provider: new CtxMigrationProvider(migrations as Record<string, MigrationModule>, ctx),
  });
}

/**
 * Applies every pending migration, in one transaction under kysely's advisory lock, so several
 * processes may call it at once, then installs or upgrades the job queue's schema. Resolves with the names applied by THIS call (empty when up to
 * date). Any failure is fatal: rejects with MigrationError naming the failed migration.
 */
export async function migrateToLatest(handle: DatabaseHandle, opts: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const { error, results = [] } = await migratorFor(handle, opts).migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error || failed) {
    const which = failed ? `migration ${failed.migrationName}` : 'the migrator';
    throw new MigrationError(`${which} failed on ${handle.location}: ${String(error)}`, { cause: error });
  }
  await installJobSchema(handle);
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/** Reverts the most recent migration (operators' `engram migrate --down`); same error contract. */
export async function migrateDown(handle: DatabaseHandle, opts: MigrateOptions = {}): Promise<{ reverted: string[] }> {
  const { error, results = [] } = await migratorFor(handle, opts).migrateDown();
  if (error) throw new MigrationError(`reverting a migration failed on ${handle.location}: ${String(error)}`, { cause: error });
  return { reverted: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
