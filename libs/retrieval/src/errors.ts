/** Error codes of `@engram/retrieval`; apps map them to protocol errors (CONVENTIONS C9). */
export type RetrievalErrorCode = 'INVALID_SEARCH_QUERY';

/** Base class of every error thrown by `@engram/retrieval`. */
export abstract class RetrievalError extends Error {
  abstract readonly code: RetrievalErrorCode;
}

/** The search request itself is malformed (topK out of range, missing scopes, bad weights). */
export class InvalidSearchQueryError extends RetrievalError {
  override readonly name = 'InvalidSearchQueryError';
  readonly code = 'INVALID_SEARCH_QUERY' as const;
}
