import { databaseOutage, mapCodedError } from '@engram/agents';
import type { ErrorMapping } from '@engram/runtime';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What the client should do about it; part of the structured error. */
type Remedy = 'fix-input' | 'retry' | 'check-id' | 'none';

/**
 * Every catalogued code: a remedy the client sees with the code and message, or `internal` (the
 * details stay in the server log; a database outage still says so). Exhaustive: a lib adding a
 * code breaks this file's compilation until the code is placed here (ADR-0037).
 */
export const TOOL_ERRORS: ErrorMapping<Remedy | 'internal'> = {
  RECORD_NOT_FOUND: 'check-id', PRD_NOT_FOUND: 'check-id', CHAIN_NOT_FOUND: 'check-id', EVENT_NOT_FOUND: 'check-id',
  TOC_NODE_NOT_FOUND: 'check-id', GRIP_NOT_FOUND: 'check-id', GATE_REQUEST_NOT_FOUND: 'check-id',
  VERSION_CONFLICT: 'retry', SWEEP_BUSY: 'retry', LIBRARIAN_UNAVAILABLE: 'retry',
  INVALID_FILTER: 'fix-input', SUPERSEDE_CYCLE: 'fix-input', IMMUTABLE_RECORD: 'fix-input', INVALID_RECORD: 'fix-input',
  INVALID_STATE: 'fix-input', UNKNOWN_TYPE: 'fix-input', INVALID_INPUT: 'fix-input', SCOPE_NOT_VISIBLE: 'fix-input',
  INVALID_IMPORT_LINE: 'fix-input', INVALID_SEARCH_QUERY: 'fix-input', INVALID_TRANSITION: 'fix-input', EVENT_OUT_OF_ORDER: 'fix-input',
  DUPLICATE_EVENT: 'fix-input', PRD_CLOSED: 'fix-input', CHAIN_NOT_ACTIVE: 'fix-input', INVALID_THOUGHT: 'fix-input',
  INVALID_EVENT: 'fix-input', INVALID_CURSOR: 'fix-input', INVALID_TOC_QUERY: 'fix-input', GATE_REQUEST_NOT_PENDING: 'fix-input',
  NOT_IN_TRANSACTION: 'none',
  // The server's own condition, not the caller's: logged, answered INTERNAL_ERROR (or DATABASE_UNAVAILABLE).
  CONFIG_INVALID: 'internal', DATABASE_UNAVAILABLE: 'internal', MIGRATION_FAILED: 'internal', SCHEMA_PENDING: 'internal',
  EMBEDDED_LOCK_FAILED: 'internal', JOB_QUEUE_FAILED: 'internal', MODEL_UNAVAILABLE: 'internal', EMBEDDING_MODEL_UNKNOWN: 'internal',
  EMBEDDING_FAILED: 'internal', EMBEDDING_WORKER_MISSING: 'internal', INVALID_POLICY: 'internal', LIFECYCLE_CONFIG_INVALID: 'internal',
  LIBRARIAN_FAILED: 'internal',
};

/**
 * The ONE mapping from thrown errors to MCP tool results (CONVENTIONS C9): domain errors become
 * `isError` results with `{ code, message, remedy }`; anything else is an internal failure whose
 * details stay in the server log (stderr), not in the client's context.
 */
export function toToolError(err: unknown, log: (msg: string) => void): CallToolResult {
  const coded = mapCodedError(err, TOOL_ERRORS);
  if (coded && coded.mapped !== 'internal') {
    const structured = { code: coded.code, message: coded.message, remedy: coded.mapped };
    return { isError: true, content: [{ type: 'text', text: `${coded.code}: ${coded.message}` }], structuredContent: structured };
  }
  const unstorable = unstorableText(err);
  if (unstorable) {
    return { isError: true, content: [{ type: 'text', text: `INVALID_INPUT: ${unstorable}` }], structuredContent: { code: 'INVALID_INPUT', message: unstorable, remedy: 'fix-input' } };
  }
  log(`tool failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  const outage = databaseOutage(err);
  if (outage) {
    // Nothing was committed: each write is one transaction that never reached COMMIT.
    const text = `${outage}; nothing was written, retry when the database is back`;
    return { isError: true, content: [{ type: 'text', text: `DATABASE_UNAVAILABLE: ${text}` }], structuredContent: { code: 'DATABASE_UNAVAILABLE', message: text, remedy: 'retry' } };
  }
  const message = 'internal error while executing the tool; see the engram server log';
  return { isError: true, content: [{ type: 'text', text: `INTERNAL_ERROR: ${message}` }], structuredContent: { code: 'INTERNAL_ERROR', message, remedy: 'retry' } };
}

/**
 * Postgres refuses text with a NUL character or invalid Unicode (SQLSTATE 22021, 22P05, or
 * jsonb's "unsupported Unicode escape sequence"). The caller's input is at fault, wherever it was
 * (a query, a reason, a scope): say so instead of INTERNAL_ERROR "retry" (issue 17).
 */
function unstorableText(err: unknown): string | undefined {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '22021' || code === '22P05' || /unsupported Unicode escape sequence|invalid byte sequence for encoding/i.test(message)) {
    return 'the input contains a NUL character (U+0000) or invalid Unicode (a lone surrogate), which cannot be stored; remove it and retry';
  }
  return e?.cause ? unstorableText(e.cause) : undefined;
}
