/*
 * @engram/conversation: conversation memory (SPEC 6, seed 002). The append-only event log fed by
 * agent hooks, the time-hierarchy TOC (Year > Month > Week > Day > Segment), grips that tie summary
 * bullets to the events behind them, and the summarisers. Any new export here is public API.
 */
// Event log (conv-log)
export { CONVERSATION_EVENT_KINDS, CONVERSATION_ROLES, isConversationEventKind } from './log/event-model.js';
export type { ConversationEvent, ConversationEventKind, ConversationRole, NewConversationEvent } from './log/event-model.js';
export { createEventLog } from './log/event-log.repository.js';
export { MAX_RANGE_LIMIT } from './log/page-limit.js';
export { DEFAULT_OUTBOX_LEASE_MS } from './log/outbox.repository.js';
export type { OutboxEntry } from './log/outbox.repository.js';
export type { AppendResult, EventLog, RangeQuery } from './log/event-log.repository.js';
export type { ConversationDatabase, ConversationDb } from './log/conversation-tables.js';
export { estimateTokens } from './log/token-estimate.js';
export { MAX_EVENT_ID_LENGTH, MAX_EVENT_TEXT_LENGTH } from './log/event-validation.js';
export { ConversationError, EventNotFoundError, InvalidCursorError, InvalidEventError } from './errors.js';
export type { ConversationErrorCode } from './errors.js';
