/** One job handed to a worker. `data` is the object given to `send`. */
export interface Job {
  readonly id: string;
  readonly data: any;
}

/**
 * How a queue treats jobs with the same singleton key (pg-boss policies; fixed when the queue is
 * created, by whichever `send` or `work` comes first):
 * - `stately` (default): at most one queued and one running per key, across every process. A job
 *   queued behind a running one of its key waits, after that one ends, until pg-boss' cached
 *   list of running keys is refreshed (monitor + queue cache: up to ~10 s here).
 * - `short`: at most one queued per key; a queued job starts as soon as a worker polls, even while
 *   another of its key runs in another process. For jobs whose latency matters more than never
 *   running twice at once (the embed job: duplicate work costs CPU, never correctness).
 */
export type QueuePolicy = 'stately' | 'short';

/** Options of {@link JobQueue.send}. */
export interface SendOptions {
  /** At most one queued job per key and queue (and one running, on a `stately` queue); a duplicate send returns null. */
  singletonKey?: string;
  /** The queue's policy if this call creates it (default `stately`); a queue created with another policy is an error. */
  policy?: QueuePolicy;
  /** Do not start before this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * This job's expiry and retry settings, whoever sends it (the queue's own otherwise): a short
   * job with a short expiry is taken over quickly when the process running it dies.
   */
  expireInSeconds?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
}

/** Options of {@link JobQueue.work}. */
export interface WorkOptions {
  /** Jobs fetched per handler call (default 1). */
  batchSize?: number;
  /** How often an idle worker polls (default 2 s; pg-boss minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  /** The queue's policy if this call creates it (default `stately`); a queue created with another policy is an error. */
  policy?: QueuePolicy;
  /**
   * This queue's own retry/expiry settings (applied to the existing queue as well): e.g. a short
   * `expireInSeconds` for short jobs, so a crashed process's job is taken over quickly (issue 18).
   */
  queue?: { expireInSeconds?: number; retryDelaySeconds?: number; retryBackoff?: boolean };
}

/**
 * A durable job queue in the engram database (pg-boss, own schema `pgboss`). Delivery is
 * at-least-once: a handler that throws fails all jobs of its batch, which are retried with
 * exponential backoff and, after the retry limit, moved to the dead-letter queue `<name>_dead`.
 * Handlers MUST therefore be idempotent. A crash mid-job leaves the job to expire and be retried.
 */
export interface JobQueue {
  /** Installs or upgrades the job schema if needed and starts maintenance. */
  start(): Promise<void>;
  /** Stops polling and every pg-boss timer, waits (bounded) for running handlers, keeps queued jobs. Idempotent; safe while start() is pending. */
  stop(): Promise<void>;
  /** Queues a job; resolves with its id, or null when a singleton duplicate was dropped. */
  send(name: string, data: object, opts?: SendOptions): Promise<string | null>;
  /**
   * Sends `name` on a cron schedule kept in Postgres (pg-boss `schedule`): every process with a
   * scheduling queue evaluates it, pg-boss sends at most one job per minute, and the singleton key
   * keeps at most one queued and one running. Re-scheduling the same name replaces the cron.
   * Needs a queue created with `{ schedules: true }`.
   */
  schedule(name: string, cron: string, data: object, opts: { singletonKey: string }): Promise<void>;
  /** Removes the schedule of `name` (no-op when there is none). Needs a queue created with `{ schedules: true }`. */
  unschedule(name: string): Promise<void>;
  /** Registers a handler polling `name`; resolves once registered. */
  work(name: string, handler: (jobs: Job[]) => Promise<void>, opts?: WorkOptions): Promise<void>;
}

/** Retry policy of every queue created by {@link createJobQueue}. */
export interface RetryPolicy {
  /** Attempts after the first one (default 5). */
  retryLimit: number;
  /** Seconds before the first retry; doubled each attempt (default 2). */
  retryDelaySeconds: number;
  /** Upper bound of the backoff (default 300). */
  retryDelayMaxSeconds: number;
  /** A running job is considered crashed after this long (default 900). */
  expireInSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 900,
};
