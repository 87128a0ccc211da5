import { VersionConflictError } from '@engram/memory';
import { ActiveDuplicateError, mapCommitError } from './commit-errors.js';

/*
 * How a failed commit statement reaches the client (issue 22): Postgres' SQLSTATE, constraint and
 * message, as node-postgres and PGlite report them (PGlite's error may come wrapped in a `cause`).
 */
const pg = (fields: { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown }) => Object.assign(new Error(String(fields.message ?? '')), fields);
const ID = 'memory-1';

describe(mapCommitError.name, () => {
  it('answers a serialization failure or a VERSION_CONFLICT message with the head version it names', () => {
    const byCode = mapCommitError(pg({ code: '40001', message: 'VERSION_CONFLICT: memory-1 is at version 12' }), ID, 3) as VersionConflictError;
    expect(byCode).toBeInstanceOf(VersionConflictError);
    expect([byCode.id, byCode.expected, byCode.actual]).toEqual([ID, 3, 12]);
    expect(byCode.message).toBe('memory memory-1 is at version 12, expected 3');
    const byMessage = mapCommitError(pg({ code: 'P0001', message: 'VERSION_CONFLICT somewhere' }), ID, undefined) as VersionConflictError;
    expect([byMessage.expected, byMessage.actual]).toEqual([undefined, undefined]);
    expect(byMessage.message).toBe('memory memory-1 was changed concurrently (head is at version unknown)');
  });

  it('answers the active-content unique index, named as the constraint or in the message, as a duplicate', () => {
    for (const e of [
      pg({ code: '23505', constraint: 'memories_active_content_key', message: 'duplicate key' }),
      pg({ code: '23505', message: 'duplicate key value violates unique constraint "memories_active_content_key"' }),
    ]) {
      const mapped = mapCommitError(e, ID, undefined);
      expect(mapped).toBeInstanceOf(ActiveDuplicateError);
      expect((mapped as ActiveDuplicateError).id).toBe(ID);
      expect((mapped as Error).message).toBe(`another active record in this scope already has exactly this content (memory ${ID} not written)`);
    }
  });

  it('reads a wrapped error through its cause, and the outer error when it carries a code', () => {
    const wrapped = pg({ message: 'query failed', cause: pg({ code: '23505', constraint: 'memories_active_content_key', message: 'duplicate key' }) });
    expect(mapCommitError(wrapped, ID, undefined)).toBeInstanceOf(ActiveDuplicateError);
    const outer = pg({ code: '22000', message: 'data exception', cause: pg({ code: '23505', constraint: 'memories_active_content_key' }) });
    expect(mapCommitError(outer, ID, undefined)).toBe(outer);
  });

  it('returns every other failure unchanged', () => {
    for (const e of [
      pg({ code: '23505', constraint: 'memories_pkey', message: 'duplicate key value violates unique constraint "memories_pkey"' }),
      pg({ code: '23503', constraint: 'memories_active_content_key', message: 'foreign key' }),
      pg({ code: 42, message: 42, constraint: 42 }),
      'a string thrown',
      null,
    ]) {
      expect(mapCommitError(e, ID, 1)).toBe(e);
    }
  });
});
