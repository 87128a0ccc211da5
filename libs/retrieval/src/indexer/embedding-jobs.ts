import type { EmbeddingJobQueue } from '../ports.js';
import type { EmbeddingIndexer } from './embedding-indexer.js';

/** Name of the job that fills missing vectors. */
export const EMBED_MEMORIES_JOB = 'embed-memories';

/**
 * Makes the job "singleton-ish": infra's queues are pg-boss `stately` queues, which keep at most one
 * queued and one running job per key, so a burst of writes enqueues one run, not one per write.
 */
const SINGLETON = { singletonKey: EMBED_MEMORIES_JOB } as const;

/**
 * Every embed job, whoever sends it (a server, the CLI after an import), carries a short expiry and
 * steady retries: runs last about 8 s, so a job still `active` after 30 s belongs to a dead process
 * and pg-boss retries it elsewhere (its expiry check runs every 10 s in the servers).
 */
const JOB_SETTINGS = { ...SINGLETON, expireInSeconds: 30, retryDelaySeconds: 2, retryBackoff: false } as const;

/** Options of {@link registerEmbeddingJobs}. */
export interface EmbeddingJobOptions {
  /** Records per indexer call (default 256); a run makes calls until {@link runBudgetMs} has passed. */
  perRun?: number;
  /** How long one job run keeps embedding before handing back to the queue (default 8 s). */
  runBudgetMs?: number;
  /**
   * When a running job counts as crashed (default 30 s; runs last about {@link runBudgetMs}): the
   * job of a killed process is failed and taken over by another process within this + 10 s.
   */
  expireInSeconds?: number;
  /** How often an idle worker polls the queue (queue default when absent). */
  pollingIntervalSeconds?: number;
}

/**
 * Asks for the backlog to be embedded. Call after a committed write; cheap and idempotent
 * (pg-boss drops the duplicate while one is already queued). Resolves to the job id, or null when
 * a run was already queued.
 */
export function requestEmbedding(queue: EmbeddingJobQueue): Promise<string | null> {
  return queue.send(EMBED_MEMORIES_JOB, {}, JOB_SETTINGS);
}

/**
 * Makes this process work the `embed-memories` job: each run embeds up to `perRun` records and
 * re-enqueues itself while a backlog remains. A failed run throws, so pg-boss retries it; nothing
 * is lost because pending work is derived from the table, not from job payloads.
 */
export async function registerEmbeddingJobs(
  queue: EmbeddingJobQueue,
  indexer: EmbeddingIndexer,
  options: EmbeddingJobOptions = {},
): Promise<void> {
  const perRun = Math.max(1, options.perRun ?? 256);
  const budget = options.runBudgetMs ?? 8_000;
  const workOptions = {
    ...(options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
    // Short runs, short expiry, steady retries: a crash or a failure delays vectors by seconds, not minutes.
    queue: { expireInSeconds: options.expireInSeconds ?? 30, retryDelaySeconds: 2, retryBackoff: false },
  };
  await queue.work(
    EMBED_MEMORIES_JOB,
    async () => {
      const started = Date.now();
      let result = await indexer.runOnce(perRun);
      let embedded = result.embedded;
      while (result.remaining > 0 && result.embedded > 0 && Date.now() - started < budget) {
        result = await indexer.runOnce(perRun);
        embedded += result.embedded;
      }
      // Anything left (budget spent, rows that raced with an edit, another worker's rows) is the
      // next run's: re-enqueue always, a second later when this run wrote nothing (no spinning).
      if (result.remaining > 0) await queue.send(EMBED_MEMORIES_JOB, {}, { ...JOB_SETTINGS, ...(embedded === 0 ? { startAfterSeconds: 1 } : {}) });
    },
    workOptions,
  );
}
