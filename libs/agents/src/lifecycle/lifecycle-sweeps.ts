import type { Kysely } from 'kysely';
import { DEFAULT_ARCHIVE_THRESHOLD, DEFAULT_CONSOLIDATION_RULE, SweepRunRepository, type SweepName, type SweepRun } from '@engram/lifecycle';
import type { GatePort } from '../ports.js';
import { archiveSweep } from './archive-sweep.js';
import { consolidateSweep } from './consolidate-sweep.js';
import type { SweepBody, SweepContext, SweepImpl, SweepOptions } from './sweep-context.js';

export const DEFAULT_SWEEP_OPTIONS: SweepOptions = {
  batchSize: 200,
  pauseMs: 20,
  dutyCycle: 0.5,
  leaseMs: 15 * 60_000,
  archiveThreshold: DEFAULT_ARCHIVE_THRESHOLD,
  consolidation: DEFAULT_CONSOLIDATION_RULE,
  reembedLimit: 1000,
};

/** Re-embedding as the sweeps see it: the retrieval embedding indexer (absent without a model). */
export interface ReembedPort {
  runOnce(limit: number): Promise<{ embedded: number; remaining: number }>;
  countPendingEmbeddings(): Promise<number>;
}

/** What {@link createLifecycleSweeps} composes. */
export interface LifecycleSweepDeps {
  /** The gate every change goes through (the composition root gives the sweeper its own rate limit). */
  gate: GatePort;
  /** The engram database: memory tables are read, sweep_runs is the sweeps' own table. */
  db: Kysely<any>;
  halfLifeDays(type: string): number;
  /** Per-memory half-life factors earned by outcome feedback (ADR-0014); absent, every factor is 1. */
  decayFactors?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  extractEntities(text: string): string[];
  reembed?: ReembedPort;
  clock?: () => Date;
  options?: Partial<SweepOptions>;
  /** Test hook: runs after each checkpointed batch (e.g. to inject a crash). */
  afterBatch?: SweepContext['afterBatch'];
}

/** What a sweep run reports (CLI output, job log, tests). */
export interface SweepReport {
  runId: string;
  sweep: SweepName;
  dryRun: boolean;
  /** The unfinished run this one continued from, if any. */
  resumedFrom: string | null;
  status: 'completed' | 'failed';
  counts: Record<string, number>;
  durationMs: number;
  error?: string;
  planned?: unknown[];
  details?: Record<string, unknown>;
}

export interface LifecycleSweeps {
  /** Runs one sweep now. Throws SweepBusyError while another live run of it holds the checkpoint; a failing sweep reports (and records) its error and rethrows it. */
  run(sweep: SweepName, opts?: { dryRun?: boolean; trigger?: string }): Promise<SweepReport>;
  runs: SweepRunRepository;
}

const reembedSweep = (port: ReembedPort | undefined): SweepImpl => async (ctx, run, dryRun): Promise<SweepBody> => {
  if (!port) throw new Error('re-embedding needs the embedding model; none is loaded in this process');
  const counts = { ...run.counts };
  if (dryRun) return { counts: { ...counts, would_embed: await port.countPendingEmbeddings() } };
  const r = await port.runOnce(ctx.options.reembedLimit);
  counts['embedded'] = (counts['embedded'] ?? 0) + r.embedded;
  counts['remaining'] = r.remaining;
  return { counts };
};

/** The lifecycle sweeps (SPEC 7): archive, consolidate, reembed; recorded and checkpointed in sweep_runs. */
export function createLifecycleSweeps(deps: LifecycleSweepDeps): LifecycleSweeps {
  const options = { ...DEFAULT_SWEEP_OPTIONS, ...deps.options };
  const clock = deps.clock ?? (() => new Date());
  const runs = new SweepRunRepository(deps.db, options.leaseMs);
  const impls: Record<SweepName, SweepImpl> = { archive: archiveSweep, consolidate: consolidateSweep, reembed: reembedSweep(deps.reembed) };

  async function run(sweep: SweepName, opts: { dryRun?: boolean; trigger?: string } = {}): Promise<SweepReport> {
    const dryRun = opts.dryRun === true;
    const startedAt = clock();
    const { run: claimed, resumedFrom } = await runs.claim(sweep, { dryRun, trigger: opts.trigger ?? 'manual', now: startedAt });
    const ctx: SweepContext = {
      gate: deps.gate, db: deps.db, runs, now: startedAt, clock, options,
      halfLifeDays: deps.halfLifeDays, extractEntities: deps.extractEntities, ...(deps.afterBatch ? { afterBatch: deps.afterBatch } : {}),
      decayFactors: deps.decayFactors ?? (async () => new Map()),
    };
    const base = { runId: claimed.id, sweep, dryRun, resumedFrom };
    const started = Date.now();
    try {
      const body = await impls[sweep](ctx, claimed, dryRun);
      await runs.finish(claimed.id, 'completed', body.counts, clock());
      return { ...base, status: 'completed', counts: body.counts, durationMs: Date.now() - started, ...pick(body) };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const latest = await latestCounts(runs, claimed);
      await runs.finish(claimed.id, 'failed', latest, clock(), error).catch(() => undefined);
      throw Object.assign(err instanceof Error ? err : new Error(error), { sweepReport: { ...base, status: 'failed', counts: latest, durationMs: Date.now() - started, error } });
    }
  }

  return { run, runs };
}

const pick = (b: SweepBody) => ({ ...(b.planned ? { planned: b.planned } : {}), ...(b.details ? { details: b.details } : {}) });

// The counts as last checkpointed (a failed batch's partial work is re-done on resume, idempotently).
async function latestCounts(runs: SweepRunRepository, run: SweepRun): Promise<Record<string, number>> {
  return (await runs.get(run.id).catch(() => undefined))?.counts ?? run.counts;
}
