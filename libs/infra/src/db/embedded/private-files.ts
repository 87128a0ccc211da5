import { chmodSync, statSync } from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/*
 * The embedded store's files are readable only by the user that runs engram (issue 36 T3-17):
 * directories 0700, files 0600, whatever the umask. Two things work together:
 * - the process umask loses its group and other bits before PGlite writes, so every directory
 *   PGlite (Emscripten's NODEFS) creates is 0700 and the unix socket is 0600;
 * - NODEFS chmods the files it creates to 0666 whatever the umask (measured: 968 of 1,000 files of
 *   a new data directory under umask 077), so the tree is walked and tightened when the store
 *   opens, right after PGlite has opened, every few seconds while it runs, and once closed. A file
 *   created between two walks sits in a 0700 directory: no other user can reach it meanwhile.
 */

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const GROUP_OR_OTHER = 0o077;

/** Drops the group and other bits from the process umask (the main thread only: workers share it). */
export function restrictUmask(): void {
  if (!isMainThread) return;
  const current = process.umask();
  if ((current & GROUP_OR_OTHER) !== GROUP_OR_OTHER) process.umask(current | GROUP_OR_OTHER);
}

/** Makes one directory 0700 if it is not (an existing ENGRAM_HOME made by hand as 0755). */
export function makeDirectoryPrivate(dir: string): void {
  const mode = statSync(dir).mode & 0o777;
  if (mode !== PRIVATE_DIR) chmodSync(dir, PRIVATE_DIR);
}

/**
 * Directories 0700 and regular files 0600 under `root` (itself included); symlinks are not
 * followed. Returns how many entries were changed. A file removed during the walk is skipped.
 */
export async function makeTreePrivate(root: string): Promise<number> {
  let changed = 0;
  const visit = async (p: string): Promise<void> => {
    let stat;
    try {
      stat = await lstat(p);
    } catch {
      return; // gone meanwhile (a WAL segment recycled, a temp file)
    }
    const wanted = stat.isDirectory() ? PRIVATE_DIR : stat.isFile() ? PRIVATE_FILE : undefined;
    if (wanted !== undefined && (stat.mode & 0o777) !== wanted) {
      await chmod(p, wanted).then(() => changed++, () => {});
    }
    if (!stat.isDirectory()) return;
    const entries = await readdir(p).catch(() => [] as string[]);
    for (const entry of entries) await visit(path.join(p, entry));
  };
  await visit(root);
  return changed;
}

/** How often a running store's tree is tightened again (new WAL segments, relation files). */
export const KEEP_PRIVATE_INTERVAL_MS = 10_000;

/** Tightens `root` every `intervalMs` until stopped; never keeps the process alive. */
export function keepTreePrivate(root: string, onError: (error: unknown) => void, intervalMs = KEEP_PRIVATE_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => makeTreePrivate(root)).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
