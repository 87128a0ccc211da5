/** Error codes of `@engram/agents`; apps map them to protocol errors (CONVENTIONS C9). */
export type AgentsErrorCode =
  | 'INVALID_INPUT' | 'SCOPE_NOT_VISIBLE' | 'INVALID_IMPORT_LINE'
  // Work continuity (issue 7)
  | 'PRD_NOT_FOUND' | 'INVALID_TRANSITION' | 'EVENT_OUT_OF_ORDER' | 'DUPLICATE_EVENT' | 'PRD_CLOSED'
  | 'CHAIN_NOT_FOUND' | 'CHAIN_NOT_ACTIVE' | 'INVALID_THOUGHT';

/** Base class of every error thrown by `@engram/agents`. */
export abstract class AgentsError extends Error {
  abstract readonly code: AgentsErrorCode;
}

/** A use-case input is malformed in a way the protocol schema could not express. */
export class InvalidInputError extends AgentsError {
  override readonly name = 'InvalidInputError';
  readonly code = 'INVALID_INPUT' as const;
}

/** The caller asked for a scope its session cannot read or write. */
export class ScopeNotVisibleError extends AgentsError {
  override readonly name = 'ScopeNotVisibleError';
  readonly code = 'SCOPE_NOT_VISIBLE' as const;
  constructor(readonly scope: string, readonly allowed: readonly string[]) {
    super(`scope "${scope}" is not visible from this session (visible: ${allowed.join(', ')})`);
  }
}

/** One line of a JSONL import is not an engram export record. */
export class InvalidImportLineError extends AgentsError {
  override readonly name = 'InvalidImportLineError';
  readonly code = 'INVALID_IMPORT_LINE' as const;
  constructor(readonly line: number, detail: string) {
    super(`import line ${line}: ${detail}`);
  }
}

/** No PRD execution with this id (or reference) is visible from the caller's scopes. */
export class PrdNotFoundError extends AgentsError {
  override readonly name = 'PrdNotFoundError';
  readonly code = 'PRD_NOT_FOUND' as const;
  constructor(readonly prd: string) {
    super(`no PRD execution "${prd}" in the visible scopes`);
  }
}

/** A status change the PRD lifecycle does not allow (e.g. completed → in_progress); nothing changed. */
export class InvalidTransitionError extends AgentsError {
  override readonly name = 'InvalidTransitionError';
  readonly code = 'INVALID_TRANSITION' as const;
}

/** An event that contradicts the requirement's current state (e.g. completed before started); nothing changed. */
export class EventOutOfOrderError extends AgentsError {
  override readonly name = 'EventOutOfOrderError';
  readonly code = 'EVENT_OUT_OF_ORDER' as const;
}

/** An event id already used for a DIFFERENT event in this execution (a retry of the same event is idempotent). */
export class DuplicateEventError extends AgentsError {
  override readonly name = 'DuplicateEventError';
  readonly code = 'DUPLICATE_EVENT' as const;
}

/** The execution is completed: its log is closed to new events and decisions. */
export class PrdClosedError extends AgentsError {
  override readonly name = 'PrdClosedError';
  readonly code = 'PRD_CLOSED' as const;
}

/** No thinking chain with this id is visible from the caller's scopes. */
export class ChainNotFoundError extends AgentsError {
  override readonly name = 'ChainNotFoundError';
  readonly code = 'CHAIN_NOT_FOUND' as const;
  constructor(readonly chain: string) {
    super(`no thinking chain "${chain}" in the visible scopes`);
  }
}

/** The chain is completed or abandoned: it takes no more thoughts. */
export class ChainNotActiveError extends AgentsError {
  override readonly name = 'ChainNotActiveError';
  readonly code = 'CHAIN_NOT_ACTIVE' as const;
}

/** A thought revises or branches from a thought that does not exist, or names an unknown branch. */
export class InvalidThoughtError extends AgentsError {
  override readonly name = 'InvalidThoughtError';
  readonly code = 'INVALID_THOUGHT' as const;
}
