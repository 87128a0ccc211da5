import { databaseOutage } from '@engram/agents';
/** Every coded error a command can surface, from the domain libs and infra. */
export type CliErrorCode =
  | 'RECORD_NOT_FOUND' | 'VERSION_CONFLICT' | 'INVALID_FILTER' | 'SUPERSEDE_CYCLE' | 'IMMUTABLE_RECORD' | 'INVALID_RECORD'
  | 'INVALID_STATE' | 'UNKNOWN_TYPE' | 'NOT_IN_TRANSACTION'
  | 'INVALID_INPUT' | 'SCOPE_NOT_VISIBLE' | 'INVALID_IMPORT_LINE'
  | 'INVALID_SEARCH_QUERY'
  | 'PRD_NOT_FOUND' | 'INVALID_TRANSITION' | 'EVENT_OUT_OF_ORDER' | 'DUPLICATE_EVENT' | 'PRD_CLOSED'
  | 'CHAIN_NOT_FOUND' | 'CHAIN_NOT_ACTIVE' | 'INVALID_THOUGHT'
  | 'GATE_REQUEST_NOT_FOUND' | 'GATE_REQUEST_NOT_PENDING' | 'INVALID_POLICY'
  | 'CONFIG_INVALID' | 'DATABASE_UNAVAILABLE' | 'MIGRATION_FAILED' | 'EMBEDDED_LOCK_FAILED' | 'JOB_QUEUE_FAILED'
  | 'MODEL_UNAVAILABLE' | 'EMBEDDING_MODEL_UNKNOWN' | 'CHECKS_FAILED'
  // Conversation TOC (SPEC 6)
  | 'TOC_NODE_NOT_FOUND' | 'GRIP_NOT_FOUND' | 'INVALID_TOC_QUERY'
  // Lifecycle sweeps (SPEC 7)
  | 'SWEEP_BUSY';

/** Exit codes (documented in the README): 0 ok, 1 checks failed, 2 bad input, 3 not found, 4 conflict, 5 database, 6 config, 70 internal. */
export const EXIT = { ok: 0, checks: 1, input: 2, notFound: 3, conflict: 4, database: 5, config: 6, internal: 70 } as const;

export function assertUnreachable(value: never): never {
  throw new Error(`unhandled error code: ${String(value)}`);
}

function exitCodeOf(code: CliErrorCode): number {
  switch (code) {
    case 'CHECKS_FAILED':
      return EXIT.checks;
    case 'INVALID_FILTER': case 'INVALID_RECORD': case 'UNKNOWN_TYPE': case 'INVALID_INPUT': case 'SCOPE_NOT_VISIBLE':
    case 'INVALID_IMPORT_LINE': case 'INVALID_SEARCH_QUERY': case 'INVALID_THOUGHT': case 'INVALID_TOC_QUERY':
      return EXIT.input;
    case 'RECORD_NOT_FOUND': case 'GATE_REQUEST_NOT_FOUND': case 'PRD_NOT_FOUND': case 'CHAIN_NOT_FOUND':
    case 'TOC_NODE_NOT_FOUND': case 'GRIP_NOT_FOUND':
      return EXIT.notFound;
    case 'INVALID_TRANSITION': case 'EVENT_OUT_OF_ORDER': case 'DUPLICATE_EVENT': case 'PRD_CLOSED': case 'CHAIN_NOT_ACTIVE':
      return EXIT.conflict;
    case 'SWEEP_BUSY':
      return EXIT.conflict;
    case 'VERSION_CONFLICT': case 'SUPERSEDE_CYCLE': case 'IMMUTABLE_RECORD': case 'INVALID_STATE': case 'GATE_REQUEST_NOT_PENDING':
      return EXIT.conflict;
    case 'DATABASE_UNAVAILABLE': case 'MIGRATION_FAILED': case 'EMBEDDED_LOCK_FAILED': case 'JOB_QUEUE_FAILED':
      return EXIT.database;
    case 'CONFIG_INVALID': case 'INVALID_POLICY': case 'MODEL_UNAVAILABLE': case 'EMBEDDING_MODEL_UNKNOWN':
      return EXIT.config;
    case 'NOT_IN_TRANSACTION':
      return EXIT.internal;
    default:
      return assertUnreachable(code);
  }
}

const KNOWN = new Set<string>([
  'RECORD_NOT_FOUND', 'VERSION_CONFLICT', 'INVALID_FILTER', 'SUPERSEDE_CYCLE', 'IMMUTABLE_RECORD', 'INVALID_RECORD', 'INVALID_STATE',
  'UNKNOWN_TYPE', 'NOT_IN_TRANSACTION', 'INVALID_INPUT', 'SCOPE_NOT_VISIBLE', 'INVALID_IMPORT_LINE', 'INVALID_SEARCH_QUERY',
  'GATE_REQUEST_NOT_FOUND', 'GATE_REQUEST_NOT_PENDING', 'INVALID_POLICY', 'CONFIG_INVALID', 'DATABASE_UNAVAILABLE', 'MIGRATION_FAILED',
  'EMBEDDED_LOCK_FAILED', 'JOB_QUEUE_FAILED', 'MODEL_UNAVAILABLE', 'EMBEDDING_MODEL_UNKNOWN', 'CHECKS_FAILED',
  'PRD_NOT_FOUND', 'INVALID_TRANSITION', 'EVENT_OUT_OF_ORDER', 'DUPLICATE_EVENT', 'PRD_CLOSED', 'CHAIN_NOT_FOUND', 'CHAIN_NOT_ACTIVE', 'INVALID_THOUGHT',
  'TOC_NODE_NOT_FOUND', 'GRIP_NOT_FOUND', 'INVALID_TOC_QUERY', 'SWEEP_BUSY',
] satisfies CliErrorCode[]);

/** A command's own failure with a code (e.g. `status` finding problems). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(readonly code: CliErrorCode, message: string) {
    super(message);
  }
}

/** The ONE mapping from errors to (exit code, one-line stderr message) (CONVENTIONS C9). */
export function toExit(err: unknown): { exitCode: number; message: string } {
  const code = (err as { code?: unknown })?.code;
  if (err instanceof Error && typeof code === 'string' && KNOWN.has(code)) {
    return { exitCode: exitCodeOf(code as CliErrorCode), message: `engram: ${code}: ${err.message.split('\n')[0]}` };
  }
  const outage = databaseOutage(err);
  if (outage) return { exitCode: EXIT.database, message: `engram: DATABASE_UNAVAILABLE: ${outage}` };
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.internal, message: `engram: internal error: ${message.split('\n')[0]}` };
}
