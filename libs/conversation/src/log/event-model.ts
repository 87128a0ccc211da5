/*
 * The conversation event (SPEC 6, seed 002 ING-02): one thing that happened in an agent session,
 * stamped with its SOURCE time. Events are facts of the transcript, never edited: a correction is
 * a new event (seed 002 "Out of Scope: delete/update events").
 */

/** What an event records; hook events map onto these (seed 002 HOOK-03, CCH-02). */
export const CONVERSATION_EVENT_KINDS = [
  'session_start', 'user_message', 'assistant_message', 'tool_use', 'tool_result',
  'subagent_stop', 'pre_compact', 'session_end', 'note',
] as const;

export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

/** Who spoke: the user, the assistant, a tool, or the system (lifecycle events). */
export const CONVERSATION_ROLES = ['user', 'assistant', 'tool', 'system'] as const;
export type ConversationRole = (typeof CONVERSATION_ROLES)[number];

export interface ConversationEvent {
  /** Idempotency key (ING-03): a redelivered event with the same id is a no-op. */
  eventId: string;
  /** The memory scope of the project, `project:<name>` (per-agent mode: `project:<name>@<agent>`). */
  project: string;
  /** Which agent produced it (`claude-code`, `gemini-cli`, ...): the multi-agent tag (STOR-06). */
  agent: string;
  sessionId: string;
  /** Source time (ING-04): orders the log, whatever the arrival order. */
  ts: Date;
  /** Ingestion order; breaks ties between events with the same source time. */
  seq: number;
  kind: ConversationEventKind;
  role: string;
  text: string;
  metadata: Record<string, unknown>;
  /** Estimated tokens of `text` (segmentation by token budget, TOC-03). */
  tokens: number;
}

/** An event as appended: the log assigns `seq`. */
export type NewConversationEvent = Omit<ConversationEvent, 'seq'>;

export function isConversationEventKind(value: string): value is ConversationEventKind {
  return (CONVERSATION_EVENT_KINDS as readonly string[]).includes(value);
}
