/** Error codes of `@engram/librarian`. Gate rejections are outcomes, not errors; these are API misuse. */
export type LibrarianErrorCode =
  | 'GATE_REQUEST_NOT_FOUND' | 'GATE_REQUEST_NOT_PENDING' | 'INVALID_POLICY' | 'LIBRARIAN_UNAVAILABLE' | 'LIBRARIAN_FAILED';

/** Base class of every error thrown by `@engram/librarian`. */
export abstract class LibrarianError extends Error {
  abstract readonly code: LibrarianErrorCode;
}

/** No gate request with this id. */
export class GateRequestNotFoundError extends LibrarianError {
  override readonly name = 'GateRequestNotFoundError';
  readonly code = 'GATE_REQUEST_NOT_FOUND' as const;
  constructor(readonly requestId: string) {
    super(`gate request ${requestId} not found`);
  }
}

/** Approve/reject of a request that is no longer pending. */
export class GateRequestNotPendingError extends LibrarianError {
  override readonly name = 'GateRequestNotPendingError';
  readonly code = 'GATE_REQUEST_NOT_PENDING' as const;
  constructor(readonly requestId: string, readonly status: string) {
    super(`gate request ${requestId} is ${status}, not pending`);
  }
}

/** The librarian policy file is invalid (unknown keys, bad values, bad YAML). */
export class InvalidPolicyError extends LibrarianError {
  override readonly name = 'InvalidPolicyError';
  readonly code = 'INVALID_POLICY' as const;
}

/** The librarian process (ADR-0047) cannot be reached: not running, wrong socket, or the key is refused. Nothing was written. */
export class LibrarianUnavailableError extends LibrarianError {
  override readonly name = 'LibrarianUnavailableError';
  readonly code = 'LIBRARIAN_UNAVAILABLE' as const;
}

/** The librarian answered that it failed (its log has the cause); the request may or may not have been logged, never half-committed. */
export class LibrarianFailedError extends LibrarianError {
  override readonly name = 'LibrarianFailedError';
  readonly code = 'LIBRARIAN_FAILED' as const;
}
