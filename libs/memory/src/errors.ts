/** Error codes of `@engram/memory`; apps map them to protocol errors (CONVENTIONS C9). */
export type MemoryErrorCode =
  | 'RECORD_NOT_FOUND'
  | 'VERSION_CONFLICT'
  | 'INVALID_FILTER'
  | 'SUPERSEDE_CYCLE'
  | 'IMMUTABLE_RECORD'
  | 'INVALID_RECORD'
  | 'INVALID_STATE'
  | 'UNKNOWN_TYPE'
  | 'NOT_IN_TRANSACTION'
  | 'INVALID_EVENT';

/** Base class of every error thrown by `@engram/memory`. */
export abstract class MemoryError extends Error {
  abstract readonly code: MemoryErrorCode;
}

/** The record (or the requested version of it) does not exist. */
export class RecordNotFoundError extends MemoryError {
  override readonly name = 'RecordNotFoundError';
  readonly code = 'RECORD_NOT_FOUND' as const;
  constructor(readonly id: string, detail?: string) {
    super(detail ? `memory ${id} not found: ${detail}` : `memory ${id} not found`);
  }
}

/** Optimistic concurrency: the record moved on since the caller read it. */
export class VersionConflictError extends MemoryError {
  override readonly name = 'VersionConflictError';
  readonly code = 'VERSION_CONFLICT' as const;
  constructor(readonly id: string, readonly expected: number | undefined, readonly actual: number | undefined) {
    super(
      expected === undefined
        ? `memory ${id} was changed concurrently (head is at version ${actual ?? 'unknown'})`
        : `memory ${id} is at version ${actual ?? 'unknown'}, expected ${expected}`,
    );
  }
}

/** A list filter (e.g. a malformed JSONPath) cannot be evaluated. */
export class InvalidFilterError extends MemoryError {
  override readonly name = 'InvalidFilterError';
  readonly code = 'INVALID_FILTER' as const;
}

/** Superseding would make the supersession chain loop back on itself. */
export class SupersedeCycleError extends MemoryError {
  override readonly name = 'SupersedeCycleError';
  readonly code = 'SUPERSEDE_CYCLE' as const;
  constructor(readonly oldId: string, readonly newId: string) {
    super(`superseding ${oldId} by ${newId} would create a cycle (${newId}'s chain leads back to ${oldId})`);
  }
}

/** The record's type does not allow content edits; supersede it instead. */
export class ImmutableRecordError extends MemoryError {
  override readonly name = 'ImmutableRecordError';
  readonly code = 'IMMUTABLE_RECORD' as const;
  constructor(readonly id: string, readonly type: string) {
    super(`memory ${id} is a ${type}, whose content is immutable: supersede it with a new record instead`);
  }
}

/** The record data is invalid (schema, scope, valid time range, confidence). */
export class InvalidRecordError extends MemoryError {
  override readonly name = 'InvalidRecordError';
  readonly code = 'INVALID_RECORD' as const;
}

/** The operation is not allowed in the record's current status (e.g. updating a forgotten record). */
export class InvalidStateError extends MemoryError {
  override readonly name = 'InvalidStateError';
  readonly code = 'INVALID_STATE' as const;
}

/** The memory type is not registered in the type registry. */
export class UnknownTypeError extends MemoryError {
  override readonly name = 'UnknownTypeError';
  readonly code = 'UNKNOWN_TYPE' as const;
  constructor(readonly type: string) {
    super(`unknown memory type "${type}"`);
  }
}

/** A write was attempted outside a database transaction (only the Gate opens them). */
export class NotInTransactionError extends MemoryError {
  override readonly name = 'NotInTransactionError';
  readonly code = 'NOT_IN_TRANSACTION' as const;
  constructor() {
    super('record writes must run inside a transaction opened by the librarian gate');
  }
}

/**
 * An event is malformed (a conversation event or a batch of them, a hook payload, an implicit event
 * for the decision engine); nothing of it was recorded. One error for conversation and lifecycle.
 */
export class InvalidEventError extends MemoryError {
  override readonly name: string = 'InvalidEventError';
  readonly code = 'INVALID_EVENT' as const;
}
