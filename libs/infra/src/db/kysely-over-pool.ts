import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseBackend, DatabaseHandle } from './database-handle.js';
import { prepareConnections } from './session-defaults.js';

const pools = new WeakMap<DatabaseHandle, pg.Pool>();

/**
 * The pool behind a handle, for infra-internal adapters that need node-postgres semantics
 * (pg-boss's `executeSql` with multi-statement text). Not exported from the lib.
 */
export function poolOf(handle: DatabaseHandle): pg.Pool {
  const pool = pools.get(handle);
  if (!pool) throw new Error('not a handle created by openDatabase');
  return pool;
}

/**
 * Wraps a node-postgres pool as a DatabaseHandle; its connections start with engram's session
 * defaults and survive the server ending them (session-defaults.ts). `onClose` runs after the pool is ended (closing PGlite,
 * releasing the embedded lock).
 */
export function handleOverPool(
  pool: pg.Pool,
  backend: DatabaseBackend,
  location: string,
  onClose: () => Promise<void> = async () => {},
): DatabaseHandle {
  prepareConnections(pool);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  const handle: DatabaseHandle = {
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
  pools.set(handle, pool);
  return handle;
}
