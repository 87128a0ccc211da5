import pg from 'pg';
import { DatabaseUnavailableError } from '../errors.js';
import type { DatabaseHandle } from './database-handle.js';
import { handleOverPool } from './kysely-over-pool.js';
import { installPgTypeParsers } from './pg-types.js';
import { openEmbedded } from './embedded/open-embedded.js';
import { redactDatabaseUrl } from './redact-url.js';

export { redactDatabaseUrl };

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A postgres:// URL: server mode. Absent: embedded PGlite under `${home}/pgdata`. */
  databaseUrl?: string;
  /** ENGRAM_HOME; holds the embedded data directory. */
  home: string;
  /** Connections in server mode (default 10). Ignored for PGlite, which is one session. */
  poolSize?: number;
}


/**
 * Opens the database engram runs on and checks that it answers. Does not migrate: call
 * `migrateToLatest(handle)` next. Rejects with DatabaseUnavailableError when it cannot connect.
 * Embedded mode is shared by every process of one home (see `openEmbedded`): the first one
 * owns PGlite and serves it on a unix socket in `home`, the others connect to it.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = opts.databaseUrl ? openServer(opts.databaseUrl, opts.poolSize) : await openEmbedded(opts.home);
  try {
    await handle.ping();
  } catch (error) {
    await handle.close().catch(() => {});
    throw new DatabaseUnavailableError(`cannot reach the database at ${handle.location}: ${String(error)}`, {
      cause: error,
    });
  }
  return handle;
}

function openServer(databaseUrl: string, poolSize = 10): DatabaseHandle {
  installPgTypeParsers();
  // A bounded wait for a connection (a new one, or a free slot of the pool): a request that cannot
  // get one answers DATABASE_UNAVAILABLE instead of waiting forever (no single request stalls the
  // server; an MCP client gives up after 60 s). 15 s is far above any wait seen under load.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 15_000 });
  // An idle client's socket dying (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return handleOverPool(pool, 'postgres', redactDatabaseUrl(databaseUrl));
}
