import type { SweepReport } from '@engram/agents';
import { drainSpool, registerTocJobs, requestTocBuild } from '@engram/conversation';
import { refreshStatistics, vacuumDeadRows, type JobQueue } from '@engram/infra';
import { sweepSchedulesOf } from '@engram/lifecycle';
import { registerEmbeddingJobs, requestEmbedding } from '@engram/retrieval';
import type { Core } from './compose-core.js';
import { registerSweepJobs } from './sweep-jobs.js';

/** A missed request (a crash between commit and send, a CLI without a server) waits at most this long (issue 18: was 30 s). */
const EMBEDDING_SWEEP_MS = 5_000;
/** How often the TOC builder looks at the outbox (hooks and the CLI append events without a queue). */
const TOC_SWEEP_MS = 5_000;
/** How often the embedded database's planner statistics and dead rows are checked (PGlite has no autovacuum). */
const STATISTICS_SWEEP_MS = 60_000;

/** What {@link startBackground} started; `stop` ends the timers and the queue's workers. */
export interface Background {
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  /** Every sweep run this process finishes (the /metrics exporter). */
  onSweepReport?: (report: SweepReport) => void;
}

/**
 * The background work of a long-running server, and only of one: starts the job queue with the
 * embedding, TOC and sweep workers, the periodic catch-up timers, the embedded database's
 * statistics refresh, and the delivery of spooled hook events. The CLI composes the same core
 * without calling this.
 */
export async function startBackground(core: Core, queue: JobQueue, options: BackgroundOptions = {}): Promise<Background> {
  const { indexer, toc, log } = core;
  await queue.start();
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, fn: () => void) => {
    const timer = setInterval(fn, ms);
    timer.unref();
    timers.push(timer);
  };
  const stop = async () => {
    for (const timer of timers) clearInterval(timer);
    await queue.stop().catch((e: unknown) => log(`job queue stop failed: ${String(e)}`));
  };
  try {
    if (indexer) await registerEmbeddingJobs(queue, indexer);
    // Conversation TOC (SPEC 6): the build-toc job consumes the event outbox in this process.
    await registerTocJobs(queue, toc);
    await registerSweepJobs(queue, core.lifecycle.sweeps, log, {
      schedules: sweepSchedulesOf(core.settings.sweeps), withoutWorker: indexer ? [] : ['reembed'],
      ...(options.onSweepReport ? { onReport: options.onSweepReport } : {}),
    });
  } catch (err) {
    await stop();
    throw err;
  }
  // Catch up on a backlog (previous runs, CLI imports/approvals) now and then periodically; the
  // job is a singleton, so a sweep while a run is queued costs one dropped insert.
  const embed = () => void requestEmbedding(queue).catch(() => undefined);
  if (indexer) {
    every(EMBEDDING_SWEEP_MS, embed);
    embed();
  }
  // Queue a build only when there is work, so an idle server does not fill pg-boss with empty runs.
  every(TOC_SWEEP_MS, () => void toc.hasBuildWork().then((work) => (work ? requestTocBuild(queue) : null)).catch(() => undefined));
  void requestTocBuild(queue).catch(() => undefined);
  if (core.handle.backend === 'pglite') every(STATISTICS_SWEEP_MS, keepStatisticsFresh(core));
  drainHookSpool(core);
  return { stop };
}

/**
 * Embedded mode only: a Postgres server's autovacuum keeps planner statistics fresh and clears dead
 * rows, PGlite has no background workers, so this process does both (ADR-0016; the term statistics'
 * dead rows, ADR-0019 amendment). A check costs two catalog queries.
 */
function keepStatisticsFresh({ handle, log }: Core): () => void {
  const check = () => void refreshStatistics(handle.db)
    .then(async (analysed) => [...analysed, ...(await vacuumDeadRows(handle.db)).map((t) => `${t} (vacuum)`)])
    .then((done) => (done.length ? log(`statistics refreshed: ${done.join(', ')}`) : undefined))
    .catch((err: unknown) => log(`statistics not refreshed: ${String(err)}`));
  check();
  return check;
}

/**
 * Delivers hook events spooled while the database was unreachable (ADR-0012), in the background:
 * start-up does not wait, and a failure leaves the spool for the next hook call or start.
 */
function drainHookSpool({ config, service, log }: Core): void {
  void drainSpool(config.home, (events) => service.conversation.appendMapped(events))
    .then((r) => {
      if (r.events > 0) log(`hook spool drained: ${r.events} event(s), ${r.inserted} new, ${r.duplicates} already stored, ${r.rejected} rejected`);
    })
    .catch((err: unknown) => log(`hook spool not drained: ${String(err)}`));
}
