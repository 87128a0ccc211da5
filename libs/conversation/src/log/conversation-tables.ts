import type { ColumnType, Generated, Kysely } from 'kysely';

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

export interface ConversationDatabase {
  conversation_events: ConversationEventsTable;
  conversation_outbox: ConversationOutboxTable;
}

/** A kysely handle (or transaction) over the conversation tables. */
export type ConversationDb = Kysely<ConversationDatabase>;
