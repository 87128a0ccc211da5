import type { ColumnType, Generated } from 'kysely';

/* Row shapes of the TOC (migration 20261123T160000000Z, ADR-0013). */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TocNodesTable {
  project: string;
  node_id: string;
  version: number;
  level: string;
  parent_id: string | null;
  start_ts: ColumnType<Date, Date | string, never>;
  end_ts: ColumnType<Date, Date | string, never>;
  title: string;
  bullets: ColumnType<unknown, string, never>;
  keywords: ColumnType<string[], string[], never>;
  child_ids: ColumnType<string[], string[], never>;
  event_count: number;
  token_count: number;
  summariser: string;
  source_hash: string;
  search_text: string;
  search_tsv: ColumnType<string, never, never>;
  embedding: ColumnType<string | null, string | null, string | null>;
  created_at: Generated<Date>;
}

export interface TocLatestTable {
  project: string;
  node_id: string;
  version: number;
  level: string;
  parent_id: string | null;
  start_ts: ColumnType<Date, Date | string, Date | string>;
  end_ts: ColumnType<Date, Date | string, Date | string>;
  updated_at: Stamp;
}

export interface TocGripsTable {
  grip_id: string;
  project: string;
  node_id: string;
  excerpt: string;
  event_id_start: string;
  event_id_end: string;
  ts: ColumnType<Date, Date | string, never>;
  source: string;
  search_tsv: ColumnType<string, never, never>;
  embedding: ColumnType<string | null, string | null, string | null>;
  created_at: Generated<Date>;
}

export interface TocCheckpointsTable {
  project: string;
  run_id: string;
  state: ColumnType<unknown, string, string>;
  updated_at: Stamp;
}

/** The TOC's tables; the lib's handle type (`ConversationDatabase`) adds the event log's. */
export interface TocTables {
  toc_nodes: TocNodesTable;
  toc_latest: TocLatestTable;
  toc_grips: TocGripsTable;
  toc_checkpoints: TocCheckpointsTable;
}
