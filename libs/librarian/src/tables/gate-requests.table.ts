import type { ColumnType, Generated } from 'kysely';

/** Lifecycle of a gate request: pending → rejected | committed | noop. */
export type GateRequestStatus = 'pending' | 'approved' | 'rejected' | 'committed' | 'noop';

/** The gate's queue and request log. */
export interface GateRequestsTable {
  id: string;
  operation: string;
  payload: ColumnType<unknown, string, string>;
  scope: string;
  requested_by: string;
  status: GateRequestStatus;
  decision: string | null;
  reason: string | null;
  policy_matched: string | null;
  reviewer: string | null;
  target_id: string | null;
  result_id: string | null;
  result_version: number | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export const tableName = 'gate_requests';

export type PartialDB = { [tableName]: GateRequestsTable };
