import type { EmbeddingJobQueue } from '../ports.js';
import type { EmbeddingIndexer } from './embedding-indexer.js';

/** Name of the job that fills missing vectors. */
export const EMBED_MEMORIES_JOB = 'embed-pending-memories';

/**
 * One queued run at a time, not one per write: a burst of writes enqueues one run. The queue is a
 * pg-boss `short` queue (at most one queued job per key), not `stately`: on a stately queue a run
 * requested while another was running waited, after that one ended, until pg-boss refreshed its
 * cached list of running keys (up to ~10 s; CI saw a burst embedded 10.1 s after its last store).
 * The price: two servers on one database may run the job at once and embed the same rows twice
 * (CPU only; each write is checked against the row's content hash). pg-boss cannot change a
 * queue's policy, hence the queue's new name (the old `embed-memories` queue is left idle).
 */
const SINGLETON = { singletonKey: EMBED_MEMORIES_JOB, policy: 'short' } as const;

/**
 * Every embed job, whoever sends it (a server, the CLI after an import), carries a short expiry and
 * steady retries: runs last at most the 8 s budget + one call of 64 passages (~3 s at 20/s), so a
 * job still `active` after 20 s almost surely belongs to a dead process and pg-boss retries it
 * elsewhere (see infra's newPgBoss for the checks' intervals). pg-boss 11 has no heartbeat; a live
 * run that overruns its expiry costs only duplicate work, since pending rows come from the table.
 */
const EXPIRE_SECONDS = 20;
const JOB_SETTINGS = { ...SINGLETON, expireInSeconds: EXPIRE_SECONDS, retryDelaySeconds: 2, retryBackoff: false } as const;

/** Options of {@link registerEmbeddingJobs}. */
export interface EmbeddingJobOptions {
  /** Records per indexer call (default 64, short so a run ends soon after its budget); a run makes calls until {@link runBudgetMs} has passed. */
  perRun?: number;
  /** How long one job run keeps embedding before handing back to the queue (default 8 s). */
  runBudgetMs?: number;
  /**
   * When a running job counts as crashed (default 20 s; runs last about {@link runBudgetMs}): the
   * job of a killed process is failed and taken over by another process within this + ~14 s.
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
 * Makes this process work the `embed-pending-memories` job: each run embeds up to `perRun` records and
 * re-enqueues itself while a backlog remains. A failed run throws, so pg-boss retries it; nothing
 * is lost because pending work is derived from the table, not from job payloads.
 */
export async function registerEmbeddingJobs(
  queue: EmbeddingJobQueue,
  indexer: EmbeddingIndexer,
  options: EmbeddingJobOptions = {},
): Promise<void> {
  const perRun = Math.max(1, options.perRun ?? 64);
  const budget = options.runBudgetMs ?? 8_000;
  const workOptions = {
    policy: SINGLETON.policy,
    ...(options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
    // Short runs, short expiry, steady retries: a crash or a failure delays vectors by seconds, not minutes.
    queue: { expireInSeconds: options.expireInSeconds ?? EXPIRE_SECONDS, retryDelaySeconds: 2, retryBackoff: false },
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
