import type { Kysely } from 'kysely';
import type { ConversationLogTables } from './log/conversation-tables.js';
import type { TocTables } from './toc/toc-tables.js';

/**
 * Every table this lib reads or writes: the event log and the TOC. One schema type for the whole
 * lib, because a Kysely handle is invariant in its schema: a handle over log and TOC would not
 * pass where a log-only handle is asked for (the TOC builder hands its transaction to the log),
 * short of a cast.
 */
export interface ConversationDatabase extends ConversationLogTables, TocTables {}

/** A kysely handle (or transaction) over the conversation tables. */
export type ConversationDb = Kysely<ConversationDatabase>;
