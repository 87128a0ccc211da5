import type { Kysely } from 'kysely';
import { collectMemoryStats, DEFAULT_ARCHIVE_THRESHOLD, SweepRunRepository, type LearningStats, type MemoryStats, type SweepRun } from '@engram/lifecycle';

/** The numbers of `engram stats` and /metrics (seed 003 8.2). */
export interface LifecycleStats {
  generatedAt: string;
  memories: MemoryStats;
  sweeps: {
    latest: SweepRun[];
    totals: Array<{ sweep: string; status: string; runs: number }>;
    lastErrors: Array<{ sweep: string; error: string; at: Date }>;
  };
  /** The decision engine's learning numbers (storage ratio, weights, drift, feedback, decision latencies), when it is composed. */
  learning: LearningStats | null;
}

/** What {@link collectLifecycleStats} reads. */
export interface LifecycleStatsDeps {
  db: Kysely<any>;
  halfLifeDays(type: string): number;
  /** The engine's learning stats; absent, `learning` is null. */
  learning?: () => Promise<LearningStats>;
  /** Half-life factors from outcome feedback, so the histogram matches retrieval and the archive sweep. */
  decayFactors?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  archiveThreshold?: number;
  clock?: () => Date;
}

/** Collects every lifecycle number in one read-only pass. */
export async function collectLifecycleStats(deps: LifecycleStatsDeps): Promise<LifecycleStats> {
  const now = (deps.clock ?? (() => new Date()))();
  const runs = new SweepRunRepository(deps.db, 0);
  const [memories, latest, totals, lastErrors, learning] = await Promise.all([
    collectMemoryStats(deps.db, now, deps.halfLifeDays, deps.archiveThreshold ?? DEFAULT_ARCHIVE_THRESHOLD, deps.decayFactors),
    runs.latest(), runs.totals(), runs.lastErrors(),
    deps.learning ? deps.learning() : Promise.resolve(null),
  ]);
  return { generatedAt: now.toISOString(), memories, sweeps: { latest, totals, lastErrors }, learning };
}
