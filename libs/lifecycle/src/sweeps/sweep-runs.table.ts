import type { ColumnType, Generated } from 'kysely';

/** The sweeps an operator or the scheduler can run. */
export const SWEEP_NAMES = ['archive', 'consolidate', 'reembed'] as const;
export type SweepName = (typeof SWEEP_NAMES)[number];

export type SweepRunStatus = 'running' | 'completed' | 'failed' | 'abandoned';

/** One run of a sweep, also its checkpoint (migration 20261123T180000000Z). */
export interface SweepRunsTable {
  id: string;
  /** Insertion order: "latest" must not depend on two runs' clocks differing. */
  seq: Generated<string>;
  sweep: string;
  status: SweepRunStatus;
  dry_run: boolean;
  trigger: string;
  cursor: string | null;
  counts: ColumnType<Record<string, number>, string, string>;
  error: string | null;
  started_at: Date;
  heartbeat_at: Date;
  finished_at: Date | null;
}

export interface SweepRunsDatabase {
  sweep_runs: SweepRunsTable;
}
