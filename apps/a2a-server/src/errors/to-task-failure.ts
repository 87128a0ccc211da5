import { databaseOutage, mapCodedError } from '@engram/agents';
import type { ErrorMapping } from '@engram/runtime';

/**
 * Every catalogued code: `peer` (the failed task carries the code and message) or `internal` (the
 * peer reads INTERNAL_ERROR; the cause is the server's, not the request's). Exhaustive: a lib
 * adding a code breaks this file's compilation until the code is placed here (ADR-0037).
 */
export const TASK_FAILURES: ErrorMapping<'peer' | 'internal'> = {
  RECORD_NOT_FOUND: 'peer', VERSION_CONFLICT: 'peer', INVALID_FILTER: 'peer', SUPERSEDE_CYCLE: 'peer', IMMUTABLE_RECORD: 'peer',
  INVALID_RECORD: 'peer', INVALID_STATE: 'peer', UNKNOWN_TYPE: 'peer', INVALID_EVENT: 'peer', INVALID_INPUT: 'peer', SCOPE_NOT_VISIBLE: 'peer',
  INVALID_IMPORT_LINE: 'peer', INVALID_SEARCH_QUERY: 'peer', PRD_NOT_FOUND: 'peer', INVALID_TRANSITION: 'peer', EVENT_OUT_OF_ORDER: 'peer',
  DUPLICATE_EVENT: 'peer', PRD_CLOSED: 'peer', CHAIN_NOT_FOUND: 'peer', CHAIN_NOT_ACTIVE: 'peer', INVALID_THOUGHT: 'peer',
  INVALID_CURSOR: 'peer', EVENT_NOT_FOUND: 'peer', TOC_NODE_NOT_FOUND: 'peer', GRIP_NOT_FOUND: 'peer', INVALID_TOC_QUERY: 'peer',
  GATE_REQUEST_NOT_FOUND: 'peer', GATE_REQUEST_NOT_PENDING: 'peer', SWEEP_BUSY: 'peer',
  // The librarian process is down or refused this server's key: the peer may retry later; nothing was acknowledged.
  LIBRARIAN_UNAVAILABLE: 'peer', LIBRARIAN_FAILED: 'internal',
  NOT_IN_TRANSACTION: 'internal', MODEL_UNAVAILABLE: 'internal', CONFIG_INVALID: 'internal', DATABASE_UNAVAILABLE: 'internal', MIGRATION_FAILED: 'internal',
  SCHEMA_PENDING: 'internal', EMBEDDED_LOCK_FAILED: 'internal', JOB_QUEUE_FAILED: 'internal', EMBEDDING_MODEL_UNKNOWN: 'internal',
  EMBEDDING_FAILED: 'internal', EMBEDDING_WORKER_MISSING: 'internal', INVALID_POLICY: 'internal', LIFECYCLE_CONFIG_INVALID: 'internal',
};

/** What a failed task says: the domain error's code and message, or that the database is down. */
export function toTaskFailure(err: unknown): { code: string; message: string } {
  const outage = databaseOutage(err);
  if (outage) return { code: 'DATABASE_UNAVAILABLE', message: outage };
  const coded = mapCodedError(err, TASK_FAILURES);
  if (coded?.mapped === 'peer') return { code: coded.code, message: coded.message };
  return { code: 'INTERNAL_ERROR', message: 'engram failed to run the skill; see the server log' };
}
