/** Error codes of `@engram/agents`; apps map them to protocol errors (CONVENTIONS C9). */
export type AgentsErrorCode = 'INVALID_INPUT' | 'SCOPE_NOT_VISIBLE' | 'INVALID_IMPORT_LINE';

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
