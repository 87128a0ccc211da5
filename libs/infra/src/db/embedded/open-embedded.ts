import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DatabaseUnavailableError, EmbeddedLockError } from '../../errors.js';
import { dbLogger } from '../../logger.js';
import type { DatabaseHandle } from '../database-handle.js';
import { handleOverPool } from '../kysely-over-pool.js';
import { installPgTypeParsers } from '../pg-types.js';
import {
  SOCKET_PORT, isAlive, readLock, releaseLock, removeStaleLock, socketPathOf, tryCreateLock,
} from './embedded-lock.js';
import { TakeoverPool } from './takeover-pool.js';
import { keepTreePrivate, makeDirectoryPrivate, makeTreePrivate, restrictUmask } from './private-files.js';
import { startPgliteHost, type PgliteHost } from './pglite-host.js';

const MAX_SOCKET_PATH = 100; // sun_path is 104-108 bytes depending on the OS
/**
 * How long a process waits for an owner that holds the lock but does not serve yet. Opening PGlite
 * (initdb on a new home) took over 15 s on the loaded 2-core test VM, beyond the old 150 tries of
 * 100 ms, so a second process starting beside a new owner gave up (before and after ADR-0035).
 */
const JOIN_DEADLINE_MS = 60_000;

/**
 * The PGlite engine (in a worker thread, ADR-0035) serving the socket while this process owns the
 * embedded database. If the worker dies on its own, the lock is released at once so that the next
 * connection of any process (this one included) takes ownership over and reopens the data.
 */
class Ownership {
  private host: PgliteHost | undefined;
  private stopKeepingPrivate: (() => Promise<void>) | undefined;
  constructor(private readonly home: string) {}

  async take(): Promise<void> {
    const dataDir = path.join(this.home, 'pgdata');
    try {
      // An existing store written before the modes were enforced (or under umask 0) is tightened first.
      await makeTreePrivate(dataDir);
      const host = await startPgliteHost({
        dataDir,
        socketPath: socketPathOf(this.home),
        onCrash: (error) => {
          if (this.host !== host) return;
          this.host = undefined;
          void this.stopKeepingPrivate?.();
          this.stopKeepingPrivate = undefined;
          dbLogger.error('the embedded database engine stopped; the next connection reopens it', { error: String(error) });
          releaseLock(this.home);
        },
      });
      this.host = host;
      await makeTreePrivate(dataDir); // what initdb and the first start just wrote as 0666
      this.stopKeepingPrivate = keepTreePrivate(dataDir, (error) => dbLogger.warn('cannot tighten the embedded store\'s file modes', { error: String(error) }));
    } catch (error) {
      releaseLock(this.home);
      throw new DatabaseUnavailableError(`cannot open the embedded database in ${dataDir}: ${String(error)}`, { cause: error });
    }
  }

  async release(): Promise<void> {
    const host = this.host;
    this.host = undefined;
    if (!host) return;
    await this.stopKeepingPrivate?.();
    this.stopKeepingPrivate = undefined;
    await host.stop();
    await makeTreePrivate(path.join(this.home, 'pgdata')).catch(() => 0); // the checkpoint of close
    releaseLock(this.home);
  }
}

/**
 * Opens the embedded database shared by every engram process of one ENGRAM_HOME.
 * The first process becomes the OWNER: it takes `${home}/engram.lock`, opens PGlite on
 * `${home}/pgdata` in a worker thread and serves it on the unix socket `${home}/.s.PGSQL.5432`. Every process,
 * the owner included, queries through that socket with a one-connection pool, so sessions of
 * different processes never interleave. A lock whose pid is dead is taken over.
 * When the owner closes (or dies), a statement in flight on another process fails, and that
 * process's NEXT connection takes ownership over (the first to get the lock wins; the others
 * connect to it). Nothing committed is lost: PGlite is closed cleanly or recovers on open.
 */
export async function openEmbedded(home: string): Promise<DatabaseHandle> {
  // Before anything is written: files and the socket private to this user (issue 36 T3-17, T3-18).
  restrictUmask();
  mkdirSync(home, { recursive: true, mode: 0o700 });
  try {
    makeDirectoryPrivate(home);
  } catch (error) {
    // A home this user may write but not chmod (another owner's group directory): say so, go on.
    dbLogger.warn('cannot make ENGRAM_HOME private (0700); other local users may reach the store', { home, error: String(error) });
  }
  if (socketPathOf(home).length > MAX_SOCKET_PATH) {
    throw new EmbeddedLockError(`ENGRAM_HOME path too long for a unix socket (${socketPathOf(home)})`);
  }
  const ownership = new Ownership(home);
  await electOrJoin(home, ownership);
  installPgTypeParsers();
  const pool = new TakeoverPool(
    {
      host: home,
      port: SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      // One connection, released quickly and rotated, so that the other processes get turns.
      max: 1,
      idleTimeoutMillis: 100,
      maxUses: 200,
    },
    () => electOrJoin(home, ownership),
  );
  pool.on('error', (error) => dbLogger.warn('embedded database connection lost', { error }));
  return handleOverPool(pool, 'pglite', `pglite:${path.join(home, 'pgdata')}`, () => ownership.release());
}

/** Becomes the owner if nobody (alive) is, else waits until the owner's socket answers. */
async function electOrJoin(home: string, ownership: Ownership): Promise<void> {
  const deadline = Date.now() + JOIN_DEADLINE_MS;
  for (let attempt = 0; attempt === 0 || Date.now() < deadline; attempt++) {
    if (tryCreateLock(home, { pid: process.pid, socketDir: home, port: SOCKET_PORT })) {
      if (attempt > 0) dbLogger.info('this process now owns the embedded database', { home });
      return ownership.take();
    }
    const lock = readLock(home);
    if (lock && !isAlive(lock.pid)) {
      dbLogger.warn('taking over the embedded database from a dead process', { pid: lock.pid });
      removeStaleLock(home, lock);
      continue;
    }
    if (lock && (await canConnect(home))) return;
    await new Promise((r) => setTimeout(r, 100)); // the owner is starting up or shutting down
  }
  throw new EmbeddedLockError(`the embedded database in ${home} is locked by a process that does not answer`);
}

async function canConnect(home: string): Promise<boolean> {
  const client = new pg.Client({ host: home, port: SOCKET_PORT, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 30_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
