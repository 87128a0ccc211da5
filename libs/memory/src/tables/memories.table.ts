import type { ColumnType, Generated } from 'kysely';

/** Head row of a memory record (one per id). Written only by `engram_commit_version`. */
export interface MemoriesTable {
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
  access_count: Generated<number>;
  accessed_at: Date | null;
  content_hash: string;
  embedding: string | null;
  embedding_model: string | null;
  embedding_model_version: string | null;
  search_tsv: ColumnType<string, never, never>;
}

export const tableName = 'memories';

export type PartialDB = { [tableName]: MemoriesTable };
