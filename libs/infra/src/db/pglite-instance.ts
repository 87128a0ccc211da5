import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import type { DatabaseHandle } from './database-handle.js';
import { handleOverPool } from './kysely-over-pool.js';
import { installPgTypeParsers } from './pg-types.js';
import { pgliteMemoryFrom, pgliteStartParams, type PgliteMemorySettings } from './pglite-memory.js';

/**
 * Starts PGlite with pgvector; `dataDir` undefined means in memory. Its Postgres memory settings
 * are bounded (pglite-memory.ts), by default from the ENGRAM_PGLITE_* variables.
 */
export async function createPglite(dataDir?: string, memory: PgliteMemorySettings = pgliteMemoryFrom(process.env)): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { vector }, startParams: pgliteStartParams(memory) });
}

/**
 * A handle that talks to a PGlite instance in this process through PGlite's own node-postgres
 * adapter, so kysely's stock PostgresDialect (and pg's type parsers) apply unchanged.
 * PGlite is a single session: the pool holds exactly ONE client that is never idled out, which
 * serializes queries and makes a kysely transaction exclusive for its whole duration.
 * @NOTE code holding a transaction must query through the transaction, never through `db`,
 * or it waits for itself.
 */
export function handleOverPglite(
  pglite: PGlite,
  location: string,
  onClose: () => Promise<void> = async () => {},
): DatabaseHandle {
  installPgTypeParsers();
  const pool = new pg.Pool({ ...(createPgConfig(pglite) as object), max: 1, idleTimeoutMillis: 0 });
  return handleOverPool(pool, 'pglite', location, async () => {
    await onClose();
  });
}

/** A fresh, empty in-memory PGlite database (tests, throwaway tools); closing it discards it. */
export async function openInMemoryDatabase(): Promise<DatabaseHandle> {
  const pglite = await createPglite();
  return handleOverPglite(pglite, 'pglite:memory', () => pglite.close());
}
