import { existsSync } from 'node:fs';
import pg from 'pg';
import { DatabaseUnavailableError } from '../errors.js';
import type { DatabaseHandle } from './database-handle.js';
import { isAlive, readLock, SOCKET_PORT, socketPathOf } from './embedded/embedded-lock.js';
import { handleOverPool } from './kysely-over-pool.js';
import { installPgTypeParsers } from './pg-types.js';
import { redactDatabaseUrl } from './redact-url.js';

/** Options of {@link openLightDatabase}. */
export interface OpenLightOptions {
  databaseUrl?: string;
  home: string;
  /** Gives up connecting after this long (default 1000 ms). */
  connectTimeoutMs?: number;
  /** Server-side cap on each statement (default 2000 ms). */
  statementTimeoutMs?: number;
}

/**
 * A one-connection handle for short-lived callers that must stay fast (the agent hook, ADR-0012):
 * no migrations, no job queue, and in embedded mode it NEVER opens PGlite itself (seconds of
 * start-up): it connects to the socket of the engram process that serves the database (ADR-0003),
 * and rejects with DatabaseUnavailableError when no live process serves it. Connecting happens at
 * the first statement.
 */
export async function openLightDatabase(opts: OpenLightOptions): Promise<DatabaseHandle> {
  installPgTypeParsers();
  const timeouts = {
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 1000,
    statement_timeout: opts.statementTimeoutMs ?? 2000,
    query_timeout: (opts.statementTimeoutMs ?? 2000) + 500,
  };
  let pool: pg.Pool;
  let location: string;
  if (opts.databaseUrl) {
    location = redactDatabaseUrl(opts.databaseUrl);
    pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1, ...timeouts });
  } else {
    const lock = readLock(opts.home);
    location = `pglite:${socketPathOf(opts.home)}`;
    if (!lock || !isAlive(lock.pid) || !existsSync(socketPathOf(opts.home))) {
      throw new DatabaseUnavailableError(`the embedded database in ${opts.home} is not served by a running engram process`);
    }
    // PGlite's protocol handler ignores statement_timeout; query_timeout bounds the wait client-side.
    pool = new pg.Pool({ host: lock.socketDir, port: lock.port ?? SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1, ...timeouts, statement_timeout: undefined });
  }
  pool.on('error', () => {});
  // No ping: a cold caller makes one statement, and it fails just as clearly when the database is
  // down (ECONNREFUSED, timeout); a round trip saved is most of a hook's database time.
  return handleOverPool(pool, opts.databaseUrl ? 'postgres' : 'pglite', location);
}
