import { databaseOutage, type AgentsErrorCode } from '@engram/agents';
import type { ConversationErrorCode } from '@engram/conversation';
import type { MemoryErrorCode } from '@engram/memory';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Every coded error the domain libs may throw through a tool. */
export type DomainErrorCode = MemoryErrorCode | AgentsErrorCode | ConversationErrorCode | 'INVALID_SEARCH_QUERY';

/** What the client should do about it; part of the structured error. */
type Remedy = 'fix-input' | 'retry' | 'check-id' | 'none';

export function assertUnreachable(value: never): never {
  throw new Error(`unhandled domain error code: ${String(value)}`);
}

function remedyOf(code: DomainErrorCode): Remedy {
  switch (code) {
    case 'RECORD_NOT_FOUND':
    case 'PRD_NOT_FOUND':
    case 'CHAIN_NOT_FOUND':
    case 'EVENT_NOT_FOUND':
    case 'TOC_NODE_NOT_FOUND':
    case 'GRIP_NOT_FOUND':
      return 'check-id';
    case 'VERSION_CONFLICT':
      return 'retry';
    case 'INVALID_FILTER':
    case 'SUPERSEDE_CYCLE':
    case 'IMMUTABLE_RECORD':
    case 'INVALID_RECORD':
    case 'INVALID_STATE':
    case 'UNKNOWN_TYPE':
    case 'INVALID_INPUT':
    case 'SCOPE_NOT_VISIBLE':
    case 'INVALID_IMPORT_LINE':
    case 'INVALID_SEARCH_QUERY':
    case 'INVALID_TRANSITION':
    case 'EVENT_OUT_OF_ORDER':
    case 'DUPLICATE_EVENT':
    case 'PRD_CLOSED':
    case 'CHAIN_NOT_ACTIVE':
    case 'INVALID_THOUGHT':
    case 'INVALID_EVENT':
    case 'INVALID_CURSOR':
    case 'INVALID_TOC_QUERY':
      return 'fix-input';
    case 'NOT_IN_TRANSACTION':
      return 'none';
    default:
      return assertUnreachable(code);
  }
}

const KNOWN = new Set<string>([
  'RECORD_NOT_FOUND', 'VERSION_CONFLICT', 'INVALID_FILTER', 'SUPERSEDE_CYCLE', 'IMMUTABLE_RECORD', 'INVALID_RECORD',
  'INVALID_STATE', 'UNKNOWN_TYPE', 'NOT_IN_TRANSACTION', 'INVALID_INPUT', 'SCOPE_NOT_VISIBLE', 'INVALID_IMPORT_LINE',
  'INVALID_SEARCH_QUERY', 'PRD_NOT_FOUND', 'INVALID_TRANSITION', 'EVENT_OUT_OF_ORDER', 'DUPLICATE_EVENT', 'PRD_CLOSED', 'CHAIN_NOT_FOUND',
  'CHAIN_NOT_ACTIVE', 'INVALID_THOUGHT',
  // Conversation memory (SPEC 6)
  'INVALID_EVENT', 'INVALID_CURSOR', 'EVENT_NOT_FOUND', 'TOC_NODE_NOT_FOUND', 'GRIP_NOT_FOUND', 'INVALID_TOC_QUERY',
] satisfies DomainErrorCode[]);

function isDomainError(err: unknown): err is Error & { code: DomainErrorCode } {
  return err instanceof Error && typeof (err as { code?: unknown }).code === 'string' && KNOWN.has((err as unknown as { code: string }).code);
}

/**
 * The ONE mapping from thrown errors to MCP tool results (CONVENTIONS C9): domain errors become
 * `isError` results with `{ code, message, remedy }`; anything else is an internal failure whose
 * details stay in the server log (stderr), not in the client's context.
 */
export function toToolError(err: unknown, log: (msg: string) => void): CallToolResult {
  if (isDomainError(err)) {
    const structured = { code: err.code, message: err.message, remedy: remedyOf(err.code) };
    return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.message}` }], structuredContent: structured };
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
