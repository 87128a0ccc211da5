import { InvalidStateError, VersionConflictError } from '@engram/memory';

/** SQLSTATE of `engram_commit_version`'s VERSION_CONFLICT (serialization_failure). */
const SERIALIZATION_FAILURE = '40001';
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a lock wait cut short by the functions' lock_timeout (issue 36, T3-15). */
const LOCK_NOT_AVAILABLE = '55P03';

/** The unique index that makes "one active record per (scope, content)" atomic (issue 17). */
const ACTIVE_CONTENT_KEY = 'memories_active_content_key';

/**
 * Another active record of the scope has this exact content: a concurrent store won the race.
 * A create answers it as the NOOP duplicate a sequential store gets; anything else as INVALID_STATE.
 */
export class ActiveDuplicateError extends InvalidStateError {
  constructor(readonly id: string) {
    super(`another active record in this scope already has exactly this content (memory ${id} not written)`);
  }
}

function pgError(err: unknown): { code: string; message: string; constraint: string } {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; constraint?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (!code && e?.cause) return pgError(e.cause);
  return { code, message, constraint: typeof e?.constraint === 'string' ? e.constraint : '' };
}

/** Maps a commit failure to a domain error when it is one; otherwise returns the original error. */
export function mapCommitError(err: unknown, id: string, expected: number | undefined): unknown {
  const { code, message, constraint } = pgError(err);
  if (code === SERIALIZATION_FAILURE || message.includes('VERSION_CONFLICT')) {
    const m = /is at version (\d+)/.exec(message);
    return new VersionConflictError(id, expected, m ? Number(m[1]) : undefined);
  }
  if (code === LOCK_NOT_AVAILABLE) {
    return new InvalidStateError(`memory ${id} is locked by another transaction that did not finish within the lock timeout; retry`);
  }
  if (code === UNIQUE_VIOLATION && (constraint === ACTIVE_CONTENT_KEY || message.includes(ACTIVE_CONTENT_KEY))) return new ActiveDuplicateError(id);
  return err;
}
