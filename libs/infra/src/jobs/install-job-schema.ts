import type { DatabaseHandle } from '../db/database-handle.js';
import { JobQueueError } from '../errors.js';
import { newPgBoss } from './pg-boss-queue.js';

/**
 * Installs or upgrades pg-boss's schema (under its own advisory lock, so concurrent callers are
 * safe). Run by `migrateToLatest`, so that in server mode the owner role creates the job tables
 * and the least-privilege service role never needs DDL beyond per-queue tables.
 */
export async function installJobSchema(handle: DatabaseHandle): Promise<void> {
  const boss = newPgBoss(handle, { supervise: false });
  try {
    await boss.start();
  } catch (error) {
    throw new JobQueueError(`cannot install the job schema: ${String(error)}`, { cause: error });
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false }).catch(() => {});
  }
}
