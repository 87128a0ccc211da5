import type pg from 'pg';
import { dbLogger } from '../logger.js';

/**
 * Settings every engram connection starts with (ADR-0042). They are read when a statement runs, so
 * a search needs no transaction of its own to set them (that cost it three round trips):
 *
 * - `hnsw.iterative_scan = relaxed_order` (pgvector >= 0.8): a filtered vector search keeps
 *   scanning the index when the scope/type filters reject neighbours, instead of returning fewer
 *   rows than asked; the reader re-sorts by distance.
 * - `hnsw.ef_search = 100`: the candidate list of an HNSW scan; iterative scans go past it when a
 *   search asks for more rows.
 * - `jit = off`: HNSW plans carry huge cost estimates that trigger JIT compilation costing more
 *   than the query (measured at 100k memories); engram runs no analytical queries that would gain.
 *
 * `hnsw.*` may be set before the vector library is loaded in a session: Postgres keeps a setting
 * of a library it has not loaded yet as a custom variable, and pgvector takes it over when it loads.
 */
export const SESSION_DEFAULTS = Object.freeze({ 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': '100', jit: 'off' });

const SET_DEFAULTS = Object.entries(SESSION_DEFAULTS).map(([name, value]) => `SET ${name} = ${value}`).join('; ');

/**
 * Prepares every new connection of `pool`:
 * - applies {@link SESSION_DEFAULTS} before any statement of the caller that asked for the
 *   connection (a client runs its queries in order). Should that fail, the connection still
 *   answers correctly, only slower or with fewer vector hits; it is logged.
 * - listens for the connection's errors for its whole life. node-postgres emits an `error` event
 *   when the server ends a connection (a restart, `pg_terminate_backend`). The pool listens only
 *   while the connection is idle, so the event hit a connection a transaction held between two
 *   statements with no listener, and the process died of an uncaught exception. With a listener,
 *   the statements on it fail, the pool drops it, and the process lives on.
 */
export function prepareConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', (error: unknown) => dbLogger.warn('database connection lost', { error }));
    client.query(SET_DEFAULTS).catch((error: unknown) => dbLogger.warn('session defaults not applied', { error }));
  });
}
