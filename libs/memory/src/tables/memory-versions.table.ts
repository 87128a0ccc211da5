import type { Generated } from 'kysely';
import type { RecordColumns } from './record-columns.js';

/** Append-only history: one row per stored version; `recorded_at` is transaction time. */
export interface MemoryVersionsTable extends RecordColumns {
  operation: string;
  gate_request_id: string;
  recorded_at: Generated<Date>;
}

export const tableName = 'memory_versions';

export type PartialDB = { [tableName]: MemoryVersionsTable };
