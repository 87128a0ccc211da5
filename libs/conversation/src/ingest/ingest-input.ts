import { identifierSecretKind, identifierSecretMessage, inputProblem } from '@engram/memory';
import { InvalidEventError } from '../errors.js';
import { isConversationEventKind, type ConversationEventKind, type NewConversationEvent } from '../log/event-model.js';
import { conversationProject, type ConversationMode } from '../log/project-key.js';
import { estimateTextTokens } from '../log/token-estimate.js';
import { deriveEventId } from './event-id.js';

/** One event as an API caller sends it (events.ingest, `engram events import`): source time required. */
export interface IngestEventInput {
  eventId?: string;
  /** Project scope; defaults to the caller's session scope. */
  project?: string;
  agent?: string;
  sessionId: string;
  /** Source time (ISO-8601 or Date): kept as given, it orders the log (ING-04). */
  ts: string | Date;
  kind: string;
  role?: string;
  text: string;
  metadata?: Record<string, unknown>;
}

export interface IngestDefaults {
  project: string;
  agent: string;
  mode: ConversationMode;
}

const DEFAULT_ROLE: Record<ConversationEventKind, string> = {
  session_start: 'system', user_message: 'user', assistant_message: 'assistant', tool_use: 'assistant', tool_result: 'tool',
  subagent_stop: 'assistant', pre_compact: 'system', session_end: 'system', note: 'system',
};

/** The role an event of this kind has when the caller gives none. */
export function defaultRole(kind: ConversationEventKind): string {
  return DEFAULT_ROLE[kind];
}

/**
 * The event's identifiers are copied into other tables (vectors, outbox) and shown as they are: a
 * secret in one is refused, not stored (issue 36 T3-20). The text and metadata are redacted by the log.
 */
function refuseSecretIdentifiers(input: IngestEventInput, index: number): void {
  const fields: Array<[string, string | undefined]> = [
    ['session_id', input.sessionId], ['event_id', input.eventId], ['agent', input.agent], ['project', input.project], ['role', input.role],
  ];
  for (const [field, value] of fields) {
    const kind = typeof value === 'string' ? identifierSecretKind(value) : undefined;
    if (kind) throw new InvalidEventError(`event ${index}: ${identifierSecretMessage(field, kind)}`);
  }
}

/**
 * Turns a caller's event into a log event: project per mode, role by kind, token estimate, and an
 * id derived from its content when the caller gave none (so re-sending the same event is a no-op).
 */
export function toNewEvent(input: IngestEventInput, defaults: IngestDefaults, index = 0): NewConversationEvent {
  // A NUL or a lone surrogate anywhere is refused with the path (the batch writes nothing): the
  // driver would store a lone surrogate as U+FFFD without a word (issue 17).
  const unstorable = inputProblem(input);
  if (unstorable) throw new InvalidEventError(`event ${index}: ${unstorable.replace(/^\$\.?/, '') || 'the event'}`);
  refuseSecretIdentifiers(input, index);
  if (!isConversationEventKind(input.kind)) throw new InvalidEventError(`event ${index}: unknown kind "${input.kind}"`);
  const ts = input.ts instanceof Date ? input.ts : new Date(input.ts);
  if (Number.isNaN(ts.getTime())) throw new InvalidEventError(`event ${index}: ts "${String(input.ts)}" is not a valid time`);
  // Year 0000 parses in JS, not in Postgres (INTERNAL_ERROR before, issue 36 T3-23).
  if (ts.getUTCFullYear() < 1 || ts.getUTCFullYear() > 9999) throw new InvalidEventError(`event ${index}: ts must be between the years 0001 and 9999`);
  const agent = input.agent ?? defaults.agent;
  const project = conversationProject(input.project ?? defaults.project, agent, defaults.mode);
  const role = input.role ?? defaultRole(input.kind);
  const metadata = input.metadata ?? {};
  const eventId = input.eventId ?? deriveEventId(agent, [project, input.sessionId, ts.toISOString(), input.kind, role, input.text]);
  return { eventId, project, agent, sessionId: input.sessionId, ts, kind: input.kind, role, text: input.text, metadata, tokens: estimateTextTokens(input.text) };
}
