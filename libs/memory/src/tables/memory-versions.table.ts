import type { ColumnType, Generated } from 'kysely';

/** Append-only history: one row per stored version; `recorded_at` is transaction time. */
export interface MemoryVersionsTable {
  id: string;
  version: number;
  type: string;
  memory_class: string;
  content: string;
  metadata: ColumnType<Record<string, unknown>, string, string>;
  tags: string[];
  scope: string;
  source_type: string;
  source_id: string | null;
  trust: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  valid_from: Date;
  valid_to: Date | null;
  superseded_by: string | null;
  status_reason: string | null;
  archived: boolean;
  confidence: number;
  content_hash: string;
  operation: string;
  gate_request_id: string;
  recorded_at: Generated<Date>;
}

export const tableName = 'memory_versions';

export type PartialDB = { [tableName]: MemoryVersionsTable };
