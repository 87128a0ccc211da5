import { isScope } from '@engram/memory';
import { InvalidEventError } from '../errors.js';
import { isConversationEventKind, type NewConversationEvent } from './event-model.js';

export const MAX_EVENT_ID_LENGTH = 200;
/** One event's text is capped so a pasted log cannot bloat the store; hooks truncate before this. */
export const MAX_EVENT_TEXT_LENGTH = 100_000;

/**
 * The invariants the log itself guarantees, whatever the caller validated before: a batch with
 * one bad event is refused whole (nothing written), naming the event.
 */
export function assertValidEvents(events: readonly NewConversationEvent[]): void {
  events.forEach((e, i) => {
    const where = `event ${i} (${String(e.eventId).slice(0, 60)})`;
    if (typeof e.eventId !== 'string' || e.eventId.length === 0 || e.eventId.length > MAX_EVENT_ID_LENGTH) {
      throw new InvalidEventError(`${where}: eventId must be 1..${MAX_EVENT_ID_LENGTH} characters`);
    }
    if (typeof e.project !== 'string' || !isScope(e.project)) throw new InvalidEventError(`${where}: project "${e.project}" is not a scope`);
    if (!isConversationEventKind(e.kind)) throw new InvalidEventError(`${where}: unknown kind "${e.kind}"`);
    if (!(e.ts instanceof Date) || Number.isNaN(e.ts.getTime())) throw new InvalidEventError(`${where}: ts is not a valid time`);
    // Year 0000 (1 BC) and beyond 9999 parse in JS but not in Postgres: INTERNAL_ERROR before (issue 36 T3-23).
    const year = e.ts.getUTCFullYear();
    if (year < 1 || year > 9999) throw new InvalidEventError(`${where}: ts must be between the years 0001 and 9999`);
    if (!e.agent || !e.sessionId || !e.role) throw new InvalidEventError(`${where}: agent, sessionId and role are required`);
    if (typeof e.text !== 'string' || e.text.length > MAX_EVENT_TEXT_LENGTH) {
      throw new InvalidEventError(`${where}: text must be a string of at most ${MAX_EVENT_TEXT_LENGTH} characters`);
    }
    if (!Number.isInteger(e.tokens) || e.tokens < 0) throw new InvalidEventError(`${where}: tokens must be a non-negative integer`);
  });
}
