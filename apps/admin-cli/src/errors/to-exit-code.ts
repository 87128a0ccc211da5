import { databaseOutage, mapCodedError } from '@engram/agents';
import type { ErrorMapping } from '@engram/runtime';

/** Exit codes (documented in docs/guide.md, "Review what agents write"): 0 ok, 1 checks failed, 2 bad input, 3 not found, 4 conflict, 5 database, 6 config, 70 internal. */
export const EXIT = { ok: 0, checks: 1, input: 2, notFound: 3, conflict: 4, database: 5, config: 6, internal: 70 } as const;

/** The CLI's own code besides the catalogue: `engram status` found problems. */
type CliOwnCode = 'CHECKS_FAILED';

/** Every coded error a command can surface: the catalogue's and the CLI's own. */
export type CliErrorCode = keyof typeof EXIT_CODES;

/**
 * The exit code of every catalogued code. Exhaustive: a lib adding a code breaks this file's
 * compilation until the code is placed here (ADR-0037).
 */
export const EXIT_CODES: ErrorMapping<(typeof EXIT)[keyof typeof EXIT], CliOwnCode> = {
  CHECKS_FAILED: EXIT.checks,
  INVALID_FILTER: EXIT.input, INVALID_RECORD: EXIT.input, UNKNOWN_TYPE: EXIT.input, INVALID_INPUT: EXIT.input, SCOPE_NOT_VISIBLE: EXIT.input,
  INVALID_IMPORT_LINE: EXIT.input, INVALID_SEARCH_QUERY: EXIT.input, INVALID_THOUGHT: EXIT.input, INVALID_TOC_QUERY: EXIT.input,
  INVALID_EVENT: EXIT.input, INVALID_CURSOR: EXIT.input,
  RECORD_NOT_FOUND: EXIT.notFound, GATE_REQUEST_NOT_FOUND: EXIT.notFound, PRD_NOT_FOUND: EXIT.notFound, CHAIN_NOT_FOUND: EXIT.notFound,
  TOC_NODE_NOT_FOUND: EXIT.notFound, GRIP_NOT_FOUND: EXIT.notFound, EVENT_NOT_FOUND: EXIT.notFound,
  INVALID_TRANSITION: EXIT.conflict, EVENT_OUT_OF_ORDER: EXIT.conflict, DUPLICATE_EVENT: EXIT.conflict, PRD_CLOSED: EXIT.conflict,
  CHAIN_NOT_ACTIVE: EXIT.conflict, SWEEP_BUSY: EXIT.conflict, VERSION_CONFLICT: EXIT.conflict, SUPERSEDE_CYCLE: EXIT.conflict,
  IMMUTABLE_RECORD: EXIT.conflict, INVALID_STATE: EXIT.conflict, GATE_REQUEST_NOT_PENDING: EXIT.conflict,
  DATABASE_UNAVAILABLE: EXIT.database, MIGRATION_FAILED: EXIT.database, EMBEDDED_LOCK_FAILED: EXIT.database, JOB_QUEUE_FAILED: EXIT.database,
  SCHEMA_PENDING: EXIT.database, LIBRARIAN_UNAVAILABLE: EXIT.database, LIBRARIAN_FAILED: EXIT.database,
  CONFIG_INVALID: EXIT.config, INVALID_POLICY: EXIT.config, MODEL_UNAVAILABLE: EXIT.config, EMBEDDING_MODEL_UNKNOWN: EXIT.config,
  EMBEDDING_FAILED: EXIT.config, LIFECYCLE_CONFIG_INVALID: EXIT.config,
  NOT_IN_TRANSACTION: EXIT.internal, EMBEDDING_WORKER_MISSING: EXIT.internal,
};

/** A command's own failure with a code (e.g. `status` finding problems). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(readonly code: CliErrorCode, message: string) {
    super(message);
  }
}

/** The ONE mapping from errors to (exit code, one-line stderr message) (CONVENTIONS C9). */
export function toExit(err: unknown): { exitCode: number; message: string } {
  const coded = mapCodedError(err, EXIT_CODES);
  if (coded) return { exitCode: coded.mapped, message: `engram: ${coded.code}: ${coded.message.split('\n')[0]}` };
  const denied = permissionDenied(err);
  if (denied) {
    return { exitCode: EXIT.database, message: `engram: database permission denied: ${denied}; this database login may not do that (the service login only reads keys and hands writes to the librarian): run the command with DATABASE_URL set to the owner's URL, or, for a gated write in server mode, with the librarian's ENGRAM_LIBRARIAN_SOCKET and ENGRAM_LIBRARIAN_KEY` };
  }
  const outage = databaseOutage(err);
  if (outage) return { exitCode: EXIT.database, message: `engram: DATABASE_UNAVAILABLE: ${outage}` };
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.internal, message: `engram: internal error: ${message.split('\n')[0]}` };
}

/** Postgres' insufficient_privilege (42501), e.g. `engram keys add` as the service login (issue 36, T3-25): its message, else undefined. */
function permissionDenied(err: unknown, depth = 0): string | undefined {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object' || depth > 5) return undefined;
  if (e.code === '42501') return typeof e.message === 'string' ? e.message.split('\n')[0] : 'permission denied';
  return permissionDenied(e.cause, depth + 1);
}
