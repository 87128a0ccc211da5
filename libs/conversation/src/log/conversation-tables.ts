import type { ColumnType, Generated } from 'kysely';

/* Row shapes of the conversation log (migration 20261123T150000000Z). */
type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ConversationEventsTable {
  event_id: string;
  project: string;
  agent: string;
  session_id: string;
  ts: ColumnType<Date, Date | string, never>;
  seq: ColumnType<number | string, never, never>;
  kind: string;
  role: string;
  text: string;
  metadata: Json<unknown>;
  tokens: number;
  ingested_at: Stamp;
}

export interface ConversationOutboxTable {
  id: Generated<number | string>;
  event_id: string;
  project: string;
  created_at: Stamp;
  claimed_until: Date | null;
  processed_at: Date | null;
}

/** The event log's tables; the lib's handle type (`ConversationDatabase`) adds the TOC's. */
export interface ConversationLogTables {
  conversation_events: ConversationEventsTable;
  conversation_outbox: ConversationOutboxTable;
}
