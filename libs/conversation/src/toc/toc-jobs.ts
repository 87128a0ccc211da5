import type { JobQueue } from '@engram/infra';
import type { TocService } from './toc-service.js';

/** Name of the job that turns outbox entries into TOC nodes. */
export const BUILD_TOC_JOB = 'build-toc';

/** Name of the job that embeds conversation events for vector search (issue 21). */
export const EMBED_EVENTS_JOB = 'embed-conversation-events';

/** One queued and one running build at most (pg-boss singleton), however many events arrive. */
const SINGLETON = { singletonKey: BUILD_TOC_JOB } as const;
const EMBED_SINGLETON = { singletonKey: EMBED_EVENTS_JOB } as const;
/** Events per embedding pass: bounds one job run (the model is the slow part). */
const EMBED_BATCH = 128;

/** Asks for the TOC to catch up with the log. Cheap and idempotent; null when a build was already queued. */
export function requestTocBuild(queue: Pick<JobQueue, 'send'>): Promise<string | null> {
  return queue.send(BUILD_TOC_JOB, {}, SINGLETON);
}

/**
 * Makes this process work the `build-toc` job: each run drains up to `batches` outbox batches
 * (and finishes any crashed run, resuming from its checkpoint), then re-enqueues itself while the
 * outbox still has work. A failed run throws so pg-boss retries it; pending work lives in the
 * outbox and the checkpoints, never in job payloads, so nothing is lost.
 */
export async function registerTocJobs(
  queue: Pick<JobQueue, 'send' | 'work'>, toc: Pick<TocService, 'processOutbox' | 'embedPendingEvents'>, opts: { batchSize?: number; batches?: number } = {},
): Promise<void> {
  const batchSize = opts.batchSize ?? 500;
  const batches = opts.batches ?? 20;
  await queue.work(BUILD_TOC_JOB, async () => {
    for (let i = 0; i < batches; i++) {
      const r = await toc.processOutbox(batchSize);
      if (r.outboxClaimed < batchSize) return void (await queue.send(EMBED_EVENTS_JOB, {}, EMBED_SINGLETON));
    }
    await requestTocBuild(queue);
  });
  // Events get their vectors after the TOC is built, so embedding never delays the summaries; a
  // pass re-enqueues itself while events wait. Pending work is derived from the tables, so a
  // failed or lost run loses nothing (the sweep asks again).
  await queue.work(EMBED_EVENTS_JOB, async () => {
    const r = await toc.embedPendingEvents(EMBED_BATCH);
    if (r.more) await queue.send(EMBED_EVENTS_JOB, {}, EMBED_SINGLETON);
  });
}
