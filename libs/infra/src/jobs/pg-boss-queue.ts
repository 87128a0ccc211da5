import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database-handle.js';
import { poolOf } from '../db/kysely-over-pool.js';
import { JobQueueError } from '../errors.js';
import { jobsLogger } from '../logger.js';
import { DEFAULT_RETRY_POLICY, type JobQueue, type QueuePolicy, type RetryPolicy, type SendOptions, type WorkOptions } from './job-queue.js';

/** The schema pg-boss lives in (granted to engram_service by the service-role migration). */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss runs its SQL through the handle's own pool (its `db.executeSql` adapter): on PGlite
 * that is the single serialized session, in server mode it shares the app's pool.
 */
export function newPgBoss(handle: DatabaseHandle, opts: { supervise: boolean; schedules?: boolean }): PgBoss {
  const pool = poolOf(handle);
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: any[]) => pool.query(text, values) },
    schema: JOB_SCHEMA,
    supervise: opts.supervise,
    // The cron monitor (timers, one query per 30 s) runs only where asked: long-running servers.
    schedule: opts.schedules === true,
    migrate: true,
    // A crashed process's job is taken over in four steps, each on its own pg-boss clock (issue 18):
    // the job expires (its expireInSeconds); the monitor fails it (every monitorIntervalSeconds,
    // default 60 s); the next monitor rewrites the queue's `singletons_active` (computed BEFORE the
    // expiry check, so one interval later); every process re-reads that from its queue cache
    // (queueCacheIntervalSeconds, default 60 s) and until then skips the dead job's singleton key
    // when fetching. With pg-boss' defaults that was ~120 s; with 5 s / 5 s / 2 s it is the expiry
    // + at most ~14 s. Each step is one small query per interval (the monitor runs in one process).
    ...(opts.supervise ? { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 } : {}),
    queueCacheIntervalSeconds: 2,
  });
  boss.on('error', (error) => jobsLogger.error('job queue error', { error }));
  return boss;
}

/** Options of {@link createJobQueue}. */
export interface JobQueueOptions {
  /** Evaluate cron schedules in this process (servers); one-shot processes leave it off. */
  schedules?: boolean;
}

/** Creates (not starts) a job queue on `handle`. */
export function createJobQueue(handle: DatabaseHandle, policy: Partial<RetryPolicy> = {}, options: JobQueueOptions = {}): JobQueue {
  const schedules = options.schedules === true;
  return new PgBossQueue(newPgBoss(handle, { supervise: true, schedules }), { ...DEFAULT_RETRY_POLICY, ...policy }, schedules);
}

class PgBossQueue implements JobQueue {
  private readonly queues = new Map<string, Promise<void>>();
  private starting: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly policy: RetryPolicy,
    private readonly schedules: boolean,
  ) {}

  start(): Promise<void> {
    if (this.stopping) return Promise.reject(new JobQueueError('the job queue was stopped; create a new one'));
    this.starting ??= this.boss.start().then(
      () => undefined,
      (error: unknown) => {
        throw new JobQueueError(`cannot start the job queue: ${String(error)}`, { cause: error });
      },
    );
    return this.starting;
  }

  /**
   * pg-boss ignores stop() while start() is still running and then arms its maintenance and
   * queue-cache intervals anyway; those keep the process alive and later query a closed pool.
   * So stop first lets a pending start settle, then stops pg-boss gracefully (its promise resolves
   * only after every worker loop has ended and no job is in progress, or after the timeout).
   * The pool belongs to the DatabaseHandle, hence `close: false`.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.starting?.catch(() => undefined);
      await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    })();
    return this.stopping;
  }

  async send(name: string, data: object, opts: SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(name, opts.policy);
    return this.boss.send(name, data, {
      // Both policies are unique per key (and state), so a keyless job gets a key of its own.
      singletonKey: opts.singletonKey ?? `job:${randomUUID()}`,
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.expireInSeconds !== undefined ? { expireInSeconds: opts.expireInSeconds } : {}),
      ...(opts.retryDelaySeconds !== undefined ? { retryDelay: opts.retryDelaySeconds } : {}),
      ...(opts.retryBackoff !== undefined ? { retryBackoff: opts.retryBackoff } : {}),
    });
  }

  async schedule(name: string, cron: string, data: object, opts: { singletonKey: string }): Promise<void> {
    if (!this.schedules) throw new JobQueueError(`cannot schedule ${name}: this queue was created without schedules`);
    await this.ensureQueue(name);
    try {
      await this.boss.schedule(name, cron, data, { singletonKey: opts.singletonKey, tz: 'UTC' });
    } catch (error) {
      throw new JobQueueError(`cannot schedule ${name} (${cron}): ${String(error)}`, { cause: error });
    }
  }

  async unschedule(name: string): Promise<void> {
    if (!this.schedules) throw new JobQueueError(`cannot unschedule ${name}: this queue was created without schedules`);
    await this.ensureQueue(name);
    try {
      await this.boss.unschedule(name);
    } catch (error) {
      throw new JobQueueError(`cannot unschedule ${name}: ${String(error)}`, { cause: error });
    }
  }

  async work(name: string, handler: (jobs: Array<{ id: string; data: any }>) => Promise<void>, opts: WorkOptions = {}): Promise<void> {
    await this.ensureQueue(name, opts.policy);
    if (opts.queue) {
      const q = opts.queue;
      await this.boss.updateQueue(name, {
        ...(q.expireInSeconds !== undefined ? { expireInSeconds: q.expireInSeconds } : {}),
        ...(q.retryDelaySeconds !== undefined ? { retryDelay: q.retryDelaySeconds } : {}),
        ...(q.retryBackoff !== undefined ? { retryBackoff: q.retryBackoff } : {}),
      });
    }
    const options = { batchSize: opts.batchSize ?? 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
    await this.boss.work(name, options, async (jobs) => {
      try {
        await handler(jobs.map((j) => ({ id: j.id, data: j.data })));
      } catch (error) {
        jobsLogger.warn('job failed; it will be retried or dead-lettered', { queue: name, jobs: jobs.length, error });
        throw error;
      }
    });
  }

  /**
   * Creates `name` (with `policy`, default stately) and its dead-letter queue once per process;
   * concurrent creators are tolerated. pg-boss cannot change a queue's policy, so a queue that
   * exists with another policy than the one asked for is refused rather than silently keeping its
   * old behaviour (no policy asked: any existing queue will do, e.g. a dead-letter queue).
   */
  private ensureQueue(name: string, policy?: QueuePolicy): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.createQueue(name, policy).catch((error: unknown) => {
        this.queues.delete(name);
        throw new JobQueueError(`cannot create queue ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      });
      this.queues.set(name, ready);
    }
    return ready;
  }

  private async createQueue(name: string, policy: QueuePolicy | undefined): Promise<void> {
    const deadLetter = `${name}_dead`;
    if (!(await this.boss.getQueue(deadLetter))) await this.boss.createQueue(deadLetter, { policy: 'standard' });
    const existing = await this.boss.getQueue(name);
    if (existing) {
      if (policy !== undefined && existing.policy !== policy) throw new Error(`it exists with policy ${String(existing.policy)}, not ${policy}`);
      return;
    }
    await this.boss.createQueue(name, {
      policy: policy ?? 'stately',
      deadLetter,
      retryLimit: this.policy.retryLimit,
      retryDelay: this.policy.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: this.policy.retryDelayMaxSeconds,
      expireInSeconds: this.policy.expireInSeconds,
    });
  }
}
