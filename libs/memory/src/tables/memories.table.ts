import type { ColumnType, Generated } from 'kysely';
import type { RecordColumns } from './record-columns.js';

/** Head row of a memory record (one per id). Written only by `engram_commit_version`. */
export interface MemoriesTable extends RecordColumns {
  access_count: Generated<number>;
  accessed_at: Date | null;
  embedding: string | null;
  embedding_model: string | null;
  embedding_model_version: string | null;
  search_tsv: ColumnType<string, never, never>;
}

export const tableName = 'memories';

export type PartialDB = { [tableName]: MemoriesTable };
