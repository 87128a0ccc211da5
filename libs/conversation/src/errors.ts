/** Error codes of `@engram/conversation`; apps map them to protocol errors (CONVENTIONS C9). */
export type ConversationErrorCode = 'INVALID_EVENT' | 'INVALID_CURSOR' | 'EVENT_NOT_FOUND';

/** Base class of every error thrown by `@engram/conversation`. */
export abstract class ConversationError extends Error {
  abstract readonly code: ConversationErrorCode;
}

/** An event (or a batch) is malformed; nothing of the batch was written. */
export class InvalidEventError extends ConversationError {
  override readonly name = 'InvalidEventError';
  readonly code = 'INVALID_EVENT' as const;
}

/** A range cursor was not made by the event log. */
export class InvalidCursorError extends ConversationError {
  override readonly name = 'InvalidCursorError';
  readonly code = 'INVALID_CURSOR' as const;
  constructor() {
    super('invalid event-log cursor');
  }
}

/** No event has this id. */
export class EventNotFoundError extends ConversationError {
  override readonly name = 'EventNotFoundError';
  readonly code = 'EVENT_NOT_FOUND' as const;
  constructor(readonly eventId: string) {
    super(`conversation event ${eventId} not found`);
  }
}
