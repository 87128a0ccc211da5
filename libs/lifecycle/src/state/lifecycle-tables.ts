import type { ColumnType, Generated, Kysely } from 'kysely';

/*
 * Row shapes of the lifecycle tables (migration 20261123T170000000Z). Working state of the decision
 * engine and the learning loop, not memory tables: memories change only through the gate.
 */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface LifecycleEventsTable {
  id: string;
  scope: string;
  source: string;
  event_type: string;
  entities: string[];
  tokens: string[];
  occurred_at: Stamp;
  decision: 'store' | 'store_compressed' | 'skip';
  relevance: number;
  signals: Json<Record<string, number>>;
  latency_ms: number | null;
  memory_id: string | null;
  gate_status: string | null;
  created_at: Stamp;
}

export interface LifecycleEntityRefsTable {
  scope: string;
  entity: string;
  ref_count: number;
  first_seen: Stamp;
  last_seen: Stamp;
}

export interface LifecycleUsefulnessTable {
  memory_id: string;
  factor: number;
  successes: Generated<number>;
  failures: Generated<number>;
  updated_at: Stamp;
}

export interface LifecycleFeedbackTable {
  id: Generated<string>;
  memory_id: string;
  outcome: 'success' | 'failure';
  query: string | null;
  actor: string;
  created_at: Stamp;
}

export interface LifecycleWeightsTable {
  id: Generated<string>;
  recency: number;
  frequency: number;
  entity_importance: number;
  reason: string;
  created_at: Stamp;
}

export interface LifecycleDatabase {
  lifecycle_events: LifecycleEventsTable;
  lifecycle_entity_refs: LifecycleEntityRefsTable;
  lifecycle_usefulness: LifecycleUsefulnessTable;
  lifecycle_feedback: LifecycleFeedbackTable;
  lifecycle_weights: LifecycleWeightsTable;
}

/** The handle lifecycle repositories take (any Kysely over the shared database). */
export type LifecycleDb = Kysely<LifecycleDatabase>;
