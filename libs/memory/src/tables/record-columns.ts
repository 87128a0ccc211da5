import type { ColumnType } from 'kysely';

/** Columns a head row and a version row both hold: the stored state of one version of a record. */
export interface RecordColumns {
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
}
