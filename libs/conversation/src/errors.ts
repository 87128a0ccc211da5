/** Error codes of `@engram/conversation`; apps map them to protocol errors (CONVENTIONS C9). */
export type ConversationErrorCode = 'INVALID_CURSOR' | 'EVENT_NOT_FOUND'
  | 'TOC_NODE_NOT_FOUND' | 'GRIP_NOT_FOUND' | 'INVALID_TOC_QUERY';

/** Base class of every error thrown by `@engram/conversation`. */
export abstract class ConversationError extends Error {
  abstract readonly code: ConversationErrorCode;
}

// A malformed event (INVALID_EVENT) is memory's InvalidEventError, shared with the lifecycle.
export { InvalidEventError } from '@engram/memory';

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

/** No TOC node with this id in the caller's project (or it was compacted away). */
export class TocNodeNotFoundError extends ConversationError {
  override readonly name = 'TocNodeNotFoundError';
  readonly code = 'TOC_NODE_NOT_FOUND' as const;
  constructor(readonly nodeId: string) {
    super(`TOC node ${nodeId} not found in this project`);
  }
}

/** No grip with this id in the caller's project. */
export class GripNotFoundError extends ConversationError {
  override readonly name = 'GripNotFoundError';
  readonly code = 'GRIP_NOT_FOUND' as const;
  constructor(readonly gripId: string) {
    super(`grip ${gripId} not found in this project`);
  }
}

/** A TOC query is malformed (bad node id, time range, limit or search text); nothing was read. */
export class InvalidTocQueryError extends ConversationError {
  override readonly name = 'InvalidTocQueryError';
  readonly code = 'INVALID_TOC_QUERY' as const;
}
