import { VersionConflictError } from '@engram/memory';

/** SQLSTATE of `engram_commit_version`'s VERSION_CONFLICT (serialization_failure). */
const SERIALIZATION_FAILURE = '40001';

function pgError(err: unknown): { code: string; message: string } {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (!code && e?.cause) return pgError(e.cause);
  return { code, message };
}

/** Maps a commit failure to a domain error when it is one; otherwise returns the original error. */
export function mapCommitError(err: unknown, id: string, expected: number | undefined): unknown {
  const { code, message } = pgError(err);
  if (code === SERIALIZATION_FAILURE || message.includes('VERSION_CONFLICT')) {
    const m = /is at version (\d+)/.exec(message);
    return new VersionConflictError(id, expected, m ? Number(m[1]) : undefined);
  }
  return err;
}
