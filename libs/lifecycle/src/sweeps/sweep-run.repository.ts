import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LifecycleError } from '../errors.js';
import type { SweepName, SweepRunsDatabase, SweepRunStatus } from './sweep-runs.table.js';

/** A sweep run as the sweeps and `engram stats` see it. */
export interface SweepRun {
  id: string;
  sweep: SweepName;
  status: SweepRunStatus;
  dryRun: boolean;
  trigger: string;
  cursor: string | null;
  counts: Record<string, number>;
  error: string | null;
  startedAt: Date;
  heartbeatAt: Date;
  finishedAt: Date | null;
}

/** Thrown when a live run of the same sweep holds the checkpoint. */
export class SweepBusyError extends LifecycleError {
  override name = 'SweepBusyError';
  constructor(readonly sweep: SweepName, readonly runId: string) {
    super('SWEEP_BUSY', `sweep ${sweep} is already running (run ${runId}); wait for it or let its lease expire`);
  }
}

type Row = Omit<SweepRunsDatabase['sweep_runs'], 'seq'>;

const parseCounts = (c: unknown): Record<string, number> => (typeof c === 'string' ? JSON.parse(c) : (c as Record<string, number>) ?? {});

function toRun(r: { [K in keyof Row]: unknown }): SweepRun {
  return {
    id: r.id as string, sweep: r.sweep as SweepName, status: r.status as SweepRunStatus, dryRun: r.dry_run as boolean, trigger: r.trigger as string,
    cursor: (r.cursor as string | null) ?? null, counts: parseCounts(r.counts), error: (r.error as string | null) ?? null,
    startedAt: new Date(r.started_at as Date), heartbeatAt: new Date(r.heartbeat_at as Date), finishedAt: r.finished_at ? new Date(r.finished_at as Date) : null,
  };
}

/**
 * The sweep_runs table: claim, checkpoint, finish. A run is resumable when it failed or when its
 * heartbeat is older than the lease (its process died); the next run of that sweep continues from
 * its cursor and counts instead of starting over.
 */
export class SweepRunRepository {
  private readonly db: Kysely<SweepRunsDatabase>;

  constructor(db: Kysely<any>, private readonly leaseMs: number) {
    this.db = db as Kysely<SweepRunsDatabase>;
  }

  /**
   * Starts a run of `sweep`, resuming an unfinished one (failed, or running with an expired lease).
   * A dry run never takes or moves the checkpoint. Throws SweepBusyError while a live run exists.
   */
  async claim(sweep: SweepName, opts: { dryRun: boolean; trigger: string; now: Date }): Promise<{ run: SweepRun; resumedFrom: string | null }> {
    if (opts.dryRun) return { run: await this.insert(sweep, { ...opts, cursor: null, counts: {} }), resumedFrom: null };
    // Two claimers that both saw no live run race on the partial unique index: the loser is busy.
    return this.claimLive(sweep, opts).catch((err: unknown) => {
      if ((err as { code?: unknown })?.code === '23505') throw new SweepBusyError(sweep, 'a concurrent claim');
      throw err;
    });
  }

  private claimLive(sweep: SweepName, opts: { dryRun: boolean; trigger: string; now: Date }): Promise<{ run: SweepRun; resumedFrom: string | null }> {
    return this.db.transaction().execute(async (trx) => {
      const latest = await trx.selectFrom('sweep_runs').selectAll().where('sweep', '=', sweep).where('dry_run', '=', false)
        .orderBy('seq', 'desc').limit(1).forUpdate().executeTakeFirst();
      const prev = latest ? toRun(latest) : undefined;
      if (prev?.status === 'running' && opts.now.getTime() - prev.heartbeatAt.getTime() < this.leaseMs) throw new SweepBusyError(sweep, prev.id);
      const unfinished = prev && (prev.status === 'running' || prev.status === 'failed') ? prev : undefined;
      if (unfinished) {
        await trx.updateTable('sweep_runs').set({ status: 'abandoned', finished_at: opts.now }).where('id', '=', unfinished.id).execute();
      }
      const repo = new SweepRunRepository(trx, this.leaseMs);
      const run = await repo.insert(sweep, { ...opts, cursor: unfinished?.cursor ?? null, counts: unfinished?.counts ?? {} });
      return { run, resumedFrom: unfinished ? unfinished.id : null };
    });
  }

  /** Records progress after a batch is fully handled: the cursor and the counts so far. */
  async checkpoint(id: string, cursor: string | null, counts: Record<string, number>, now: Date): Promise<void> {
    await this.db.updateTable('sweep_runs').set({ cursor, counts: JSON.stringify(counts), heartbeat_at: now }).where('id', '=', id).execute();
  }

  async finish(id: string, status: 'completed' | 'failed', counts: Record<string, number>, now: Date, error?: string): Promise<void> {
    await this.db.updateTable('sweep_runs')
      .set({ status, counts: JSON.stringify(counts), finished_at: now, heartbeat_at: now, error: error ?? null, ...(status === 'completed' ? { cursor: null } : {}) })
      .where('id', '=', id).execute();
  }

  async get(id: string): Promise<SweepRun | undefined> {
    const row = await this.db.selectFrom('sweep_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRun(row) : undefined;
  }

  /** The latest run of each sweep (dry runs included), newest first. */
  async latest(): Promise<SweepRun[]> {
    const rows = await this.db.selectFrom('sweep_runs').selectAll().distinctOn('sweep').orderBy('sweep').orderBy('seq', 'desc').execute();
    return rows.map(toRun);
  }

  /** Runs per sweep and status, for counters. */
  async totals(): Promise<Array<{ sweep: string; status: string; runs: number }>> {
    const rows = await this.db.selectFrom('sweep_runs').select(['sweep', 'status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy(['sweep', 'status']).execute();
    return rows.map((r) => ({ sweep: r.sweep, status: r.status, runs: Number(r.n) }));
  }

  /** The last error of each sweep (the newest failed run). */
  async lastErrors(): Promise<Array<{ sweep: string; error: string; at: Date }>> {
    const rows = await this.db.selectFrom('sweep_runs').select(['sweep', 'error', 'finished_at', 'started_at']).distinctOn('sweep')
      .where('error', 'is not', null).orderBy('sweep').orderBy('seq', 'desc').execute();
    return rows.map((r) => ({ sweep: r.sweep, error: r.error as string, at: new Date((r.finished_at ?? r.started_at) as Date) }));
  }

  private async insert(sweep: SweepName, o: { dryRun: boolean; trigger: string; now: Date; cursor: string | null; counts: Record<string, number> }): Promise<SweepRun> {
    const row = await this.db.insertInto('sweep_runs').values({
      id: randomUUID(), sweep, status: 'running', dry_run: o.dryRun, trigger: o.trigger, cursor: o.cursor, counts: JSON.stringify(o.counts),
      error: null, started_at: o.now, heartbeat_at: o.now, finished_at: null,
    }).returningAll().executeTakeFirstOrThrow();
    return toRun(row);
  }
}
