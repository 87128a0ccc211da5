import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseHandle } from './database-handle.js';
import { SOCKET_PORT } from './embedded/embedded-lock.js';
import { startPgliteHost } from './embedded/pglite-host.js';
import { handleOverPool } from './kysely-over-pool.js';
import { installPgTypeParsers } from './pg-types.js';

/**
 * A fresh, empty in-memory PGlite database (tests, throwaway tools); closing it discards it.
 * The engine runs in a worker thread and serves a private unix socket, exactly as the embedded
 * database of an ENGRAM_HOME does (ADR-0003, ADR-0035), so this handle takes the same code path
 * (kysely's PostgresDialect over `pg`) and never pauses the caller's event loop with SQL.
 * PGlite is a single session: the pool holds exactly ONE connection that is never idled out,
 * which serializes queries and makes a kysely transaction exclusive for its whole duration.
 * @NOTE code holding a transaction must query through the transaction, never through `db`,
 * or it waits for itself.
 */
export async function openInMemoryDatabase(): Promise<DatabaseHandle> {
  const dir = mkdtempSync(path.join(tmpdir(), 'engram-pglite-'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  let host;
  try {
    host = await startPgliteHost({ socketPath: path.join(dir, `.s.PGSQL.${SOCKET_PORT}`) });
  } catch (error) {
    removeDir();
    throw error;
  }
  installPgTypeParsers();
  const pool = new pg.Pool({ host: dir, port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  const engine = host;
  return handleOverPool(pool, 'pglite', 'pglite:memory', async () => {
    await engine.stop();
    removeDir();
  });
}
