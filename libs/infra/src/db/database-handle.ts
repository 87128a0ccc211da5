import type { Kysely } from 'kysely';

/** Which engine serves a handle: a native Postgres server or embedded PGlite. */
export type DatabaseBackend = 'postgres' | 'pglite';

/**
 * An open database. `db` is the only way to query it; `close()` releases every connection
 * (and, for the embedded owner, the PGlite instance and its lock). `location` never holds secrets.
 */
export interface DatabaseHandle {
  readonly db: Kysely<any>;
  readonly backend: DatabaseBackend;
  readonly location: string;
  /** Runs `SELECT 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
