import type { EmbeddingJobQueue } from '../ports.js';
import type { EmbeddingIndexer } from './embedding-indexer.js';

/** Name of the job that fills missing vectors. */
export const EMBED_MEMORIES_JOB = 'embed-memories';

/**
 * Makes the job "singleton-ish": infra's queues are pg-boss `stately` queues, which keep at most one
 * queued and one running job per key, so a burst of writes enqueues one run, not one per write.
 */
const SINGLETON = { singletonKey: EMBED_MEMORIES_JOB } as const;

/** Options of {@link registerEmbeddingJobs}. */
export interface EmbeddingJobOptions {
  /** Records per job run before handing back to the queue (default 1000): bounds job duration. */
  perRun?: number;
  /** How often an idle worker polls the queue (queue default when absent). */
  pollingIntervalSeconds?: number;
}

/**
 * Asks for the backlog to be embedded. Call after a committed write; cheap and idempotent
 * (pg-boss drops the duplicate while one is already queued). Resolves to the job id, or null when
 * a run was already queued.
 */
export function requestEmbedding(queue: EmbeddingJobQueue): Promise<string | null> {
  return queue.send(EMBED_MEMORIES_JOB, {}, SINGLETON);
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
  const perRun = Math.max(1, options.perRun ?? 1000);
  const workOptions = options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds };
  await queue.work(
    EMBED_MEMORIES_JOB,
    async () => {
      const result = await indexer.runOnce(perRun);
      // No progress means every row raced with an edit; the edit's own request re-triggers the job.
      if (result.remaining > 0 && result.embedded > 0) await requestEmbedding(queue);
    },
    workOptions,
  );
}
