import type { LifecycleSweeps, SweepReport } from '@engram/agents';
import type { JobQueue } from '@engram/infra';
import { SweepBusyError, SWEEP_NAMES, type SweepName } from '@engram/lifecycle';

/**
 * When each sweep runs (cron, UTC). ADR-010: consolidation hourly ("light"); seed 004: decay pruning
 * daily; re-embedding every 10 minutes (a model change leaves every vector stale; the embedding job
 * also catches up after writes). Kept in Postgres by pg-boss, so one schedule serves every server.
 */
export const DEFAULT_SWEEP_SCHEDULES: Readonly<Record<SweepName, string>> = {
  archive: '17 3 * * *',
  consolidate: '5 * * * *',
  reembed: '*/10 * * * *',
};

export const sweepJobName = (sweep: SweepName) => `lifecycle-sweep-${sweep}`;

/** Options of {@link registerSweepJobs}. */
export interface SweepJobOptions {
  /** Cron per sweep (default {@link DEFAULT_SWEEP_SCHEDULES}); null = off: the schedule is removed. */
  schedules?: Partial<Record<SweepName, string | null>>;
  /** Sweeps this process cannot run (e.g. reembed without a model): no worker, the schedule is left to others. */
  withoutWorker?: readonly SweepName[];
  /** Every finished run of this process (metrics). */
  onReport?: (report: SweepReport) => void;
}

/**
 * Registers a worker per sweep and its cron schedule. A run already in progress (another server, an
 * operator's CLI run) is not an error: the job ends and the next tick tries again. Any other failure
 * throws, so pg-boss retries the job; the sweep resumes from its checkpoint.
 */
export async function registerSweepJobs(queue: JobQueue, sweeps: LifecycleSweeps, log: (message: string) => void, options: SweepJobOptions = {}): Promise<void> {
  const onReport = options.onReport ?? (() => undefined);
  for (const sweep of SWEEP_NAMES) {
    const name = sweepJobName(sweep);
    const configured = options.schedules?.[sweep];
    const cron = configured === undefined ? DEFAULT_SWEEP_SCHEDULES[sweep] : configured;
    if (cron === null) {
      await queue.unschedule(name);
      continue;
    }
    if (options.withoutWorker?.includes(sweep)) continue;
    await queue.work(name, async () => {
      try {
        const report = await sweeps.run(sweep, { trigger: 'schedule' });
        onReport(report);
        log(`sweep ${sweep} completed in ${report.durationMs} ms: ${JSON.stringify(report.counts)}`);
      } catch (err) {
        if (err instanceof SweepBusyError) return log(err.message);
        const report = (err as { sweepReport?: SweepReport }).sweepReport;
        if (report) onReport(report);
        log(`sweep ${sweep} failed (it will be retried from its checkpoint): ${String(err)}`);
        throw err;
      }
    });
    await queue.schedule(name, cron, {}, { singletonKey: name });
  }
}
