import type { Kysely } from 'kysely';
import type { ConsolidationRule, SweepRun, SweepRunRepository } from '@engram/lifecycle';
import type { ActorRef, GateOutcomeView, GatePort, WriteRequestInput } from '../ports.js';

/** Who the gate sees submitting sweep writes; its requests are the sweep's audit trail. */
export const SWEEPER: ActorRef = { id: 'lifecycle-sweeper', kind: 'tool' };

/** Tunables of the sweeps (defaults in {@link DEFAULT_SWEEP_OPTIONS}). */
export interface SweepOptions {
  /** Memories read per page and checkpointed together. */
  batchSize: number;
  /** Minimum pause after each batch. */
  pauseMs: number;
  /**
   * Share of wall time the sweep may work (0 < d <= 1): after a batch that took t ms it rests
   * t·(1-d)/d ms (at least pauseMs). The throttle that keeps searches fast while a sweep runs.
   */
  dutyCycle: number;
  /** A running sweep whose heartbeat is older than this is taken over (its process died). */
  leaseMs: number;
  /** SPEC 7: archive below this effective confidence. */
  archiveThreshold: number;
  consolidation: ConsolidationRule;
  /** Records per re-embedding run. */
  reembedLimit: number;
}

/** What every sweep needs. */
export interface SweepContext {
  gate: GatePort;
  db: Kysely<any>;
  runs: SweepRunRepository;
  now: Date;
  clock: () => Date;
  options: SweepOptions;
  halfLifeDays(type: string): number;
  /** Half-life factors of the given memories (outcome feedback); missing ids mean 1. */
  decayFactors(ids: readonly string[]): Promise<ReadonlyMap<string, number>>;
  extractEntities(text: string): string[];
  /** Called after each checkpointed batch; tests inject a crash here. */
  afterBatch?: (sweep: string, batch: number) => void | Promise<void>;
}

/** The outcome of a gate request a sweep sent, tallied into the run's counts. */
export type Tally = Record<string, number>;

export const add = (counts: Tally, key: string, n = 1) => void (counts[key] = (counts[key] ?? 0) + n);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Submits through the gate, waiting out RATE_LIMITED refusals (the sweeper respects the gate's
 * Layer 1 rate limit like any writer; its throughput is the limit the composition root gives it).
 */
export async function submitPaced(ctx: SweepContext, request: WriteRequestInput, maxWaits = 120): Promise<GateOutcomeView> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await ctx.gate.submit(request, SWEEPER);
    if (outcome.code !== 'RATE_LIMITED' || attempt >= maxWaits) return outcome;
    await sleep(Math.min(1000, 50 * 2 ** Math.min(attempt, 5)));
  }
}

/** Counts a gate outcome under `<prefix>_<status>`. */
export function tallyOutcome(counts: Tally, prefix: string, o: GateOutcomeView): void {
  add(counts, `${prefix}_${o.status}`);
}

/** Rests after a batch that started at `batchStart` (performance.now()), per pauseMs and dutyCycle. */
export function pause(ctx: SweepContext, batchStart: number): Promise<void> {
  const { pauseMs, dutyCycle } = ctx.options;
  const worked = performance.now() - batchStart;
  const rest = Math.max(pauseMs, dutyCycle >= 1 ? 0 : (worked * (1 - dutyCycle)) / Math.max(dutyCycle, 0.01));
  return rest > 0 ? sleep(rest) : Promise.resolve();
}

/** What a sweep hands back to the runner. */
export interface SweepBody {
  counts: Tally;
  /** Dry runs: what would be done (capped list, for the operator). */
  planned?: unknown[];
  /** Extra numbers for the report (e.g. compression ratios). */
  details?: Record<string, unknown>;
}

export type SweepImpl = (ctx: SweepContext, run: SweepRun, dryRun: boolean) => Promise<SweepBody>;
