import type { ColumnType, Generated, Kysely } from 'kysely';

/*
 * Row shapes of the work-continuity tables (migration 20261123T120700000Z). These are working
 * state, not memory tables: what is worth remembering leaves them through the gate.
 */
type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PrdExecutionsTable {
  id: string;
  scope: string;
  prd_ref: string;
  prd_hash: string | null;
  title: string | null;
  status: string;
  progress: Json<unknown>;
  revision: Generated<number>;
  last_seq: Generated<number>;
  narrative: string | null;
  compaction: Json<unknown> | null;
  compacted_at: Date | null;
  created_at: Stamp;
  updated_at: Stamp;
  completed_at: Date | null;
}

export interface PrdEventsTable {
  id: string;
  execution_id: string;
  seq: number;
  event_key: string | null;
  type: string;
  requirement_id: string | null;
  summary: string;
  detail: Json<unknown>;
  agent_id: string | null;
  thinking_chain_id: string | null;
  occurred_at: Stamp;
  formation: Json<unknown> | null;
  created_at: Stamp;
}

export interface PrdDecisionsTable {
  id: string;
  execution_id: string;
  event_id: string;
  requirement_id: string | null;
  decision: string;
  reason: string | null;
  alternatives: Json<unknown>;
  agent_id: string | null;
  memory: Json<unknown> | null;
  created_at: Stamp;
}

export interface ThinkingChainsTable {
  id: string;
  scope: string;
  query: string;
  summary: string | null;
  status: string;
  thought_count: Generated<number>;
  prd_execution_id: string | null;
  metadata: Json<unknown>;
  extracted: Json<unknown> | null;
  created_at: Stamp;
  updated_at: Stamp;
  completed_at: Date | null;
}

export interface ThinkingThoughtsTable {
  chain_id: string;
  number: number;
  content: string;
  revises: number | null;
  branch_id: string | null;
  branch_from: number | null;
  created_at: Stamp;
}

export interface ContinuityDatabase {
  prd_executions: PrdExecutionsTable;
  prd_events: PrdEventsTable;
  prd_decisions: PrdDecisionsTable;
  thinking_chains: ThinkingChainsTable;
  thinking_thoughts: ThinkingThoughtsTable;
}

/** A kysely handle (or transaction) over the work-continuity tables. */
export type ContinuityDb = Kysely<ContinuityDatabase>;

/** jsonb comes back parsed from pg and PGlite; a string (older drivers) is parsed here. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
