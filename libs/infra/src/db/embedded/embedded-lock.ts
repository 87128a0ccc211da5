import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** What the owner of the embedded database records in `${home}/engram.lock`. */
export interface LockInfo {
  pid: number;
  /** Directory of the unix socket `.s.PGSQL.<port>` (node-postgres' socket naming). */
  socketDir: string;
  port: number;
}

export const SOCKET_PORT = 5432;
export const lockPathOf = (home: string) => path.join(home, 'engram.lock');
export const socketPathOf = (home: string) => path.join(home, `.s.PGSQL.${SOCKET_PORT}`);

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(home: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(lockPathOf(home), 'utf8')) as LockInfo;
  } catch {
    return undefined; // missing, or half-written by an owner that is starting right now
  }
}

/** Creates the lock file atomically (O_EXCL); false when another process holds it. */
export function tryCreateLock(home: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(lockPathOf(home), 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(info));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a lock whose owner is dead. The stale file is first renamed to a name unique to this
 * process, so of several processes racing to take over only one removes it; a fresh lock written
 * meanwhile by a new owner is put back.
 */
export function removeStaleLock(home: string, stale: LockInfo): void {
  const aside = `${lockPathOf(home)}.stale-${process.pid}`;
  try {
    renameSync(lockPathOf(home), aside);
  } catch {
    return; // someone else took it over first
  }
  const moved = readLockFile(aside);
  if (moved && (moved.pid !== stale.pid || isAlive(moved.pid))) {
    renameSync(aside, lockPathOf(home)); // not the stale one after all
    return;
  }
  unlinkSync(aside);
  try {
    unlinkSync(socketPathOf(home));
  } catch {
    /* no socket left behind */
  }
}

function readLockFile(file: string): LockInfo | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Releases the lock if this process still owns it. */
export function releaseLock(home: string): void {
  if (readLock(home)?.pid !== process.pid) return;
  for (const file of [socketPathOf(home), lockPathOf(home)]) {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
}
