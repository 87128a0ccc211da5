import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseBackend, DatabaseHandle } from './database-handle.js';

/**
 * Wraps a node-postgres pool as a DatabaseHandle. `onClose` runs after the pool is ended
 * (closing PGlite, releasing the embedded lock).
 */
export function handleOverPool(
  pool: pg.Pool,
  backend: DatabaseBackend,
  location: string,
  onClose: () => Promise<void> = async () => {},
): DatabaseHandle {
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    backend,
    location,
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    close() {
      // Idempotent: apps close from several shutdown hooks.
      closing ??= (async () => {
        await db.destroy(); // ends the pool
        await onClose();
      })();
      return closing;
    },
  };
}
