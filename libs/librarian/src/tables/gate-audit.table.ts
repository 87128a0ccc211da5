import type { Generated } from 'kysely';

/** One row per gate decision, and exactly one per stored memory version. Written only by SQL functions. */
export interface GateAuditTable {
  id: Generated<string>;
  request_id: string;
  action: string;
  decision: string | null;
  reason: string;
  policy_matched: string | null;
  reviewer: string | null;
  memory_id: string | null;
  memory_version: number | null;
  created_at: Generated<Date>;
}

export const tableName = 'gate_audit';

export type PartialDB = { [tableName]: GateAuditTable };
