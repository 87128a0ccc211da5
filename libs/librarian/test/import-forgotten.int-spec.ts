import { randomUUID } from 'node:crypto';
import { FORGOTTEN_CONTENT, InvalidRecordError, type ImportedVersion } from '@engram/memory';
import { testBackends } from '../../../tools/test/backends.js';
import { counts, everything, useGateDatabase } from './gate-fixtures.js';
import { audit, write } from './writer-fixtures.js';

// An export file may carry a forgotten version with its text (hand-edited, or written by another
// tool). The import stores the tombstone form a forget leaves behind, never the text.
const SECRET = 'zither';
const importer = { id: 'engram-import', kind: 'import' as const };

function history(id: string): ImportedVersion[] {
  const base = {
    id, type: 'fact', scope: 'project:imp', source: { type: 'file', id: 'dump.jsonl' }, trust: 'import' as const,
    supersededBy: null, archived: false, confidence: 1, createdAt: new Date('2025-01-01T00:00:00.000Z'),
    validFrom: new Date('2025-01-01T00:00:00.000Z'),
  };
  return [
    { ...base, version: 1, content: `The user plays the ${SECRET}`, metadata: { note: SECRET }, tags: [SECRET], status: 'active',
      statusReason: null, validTo: null, updatedAt: new Date('2025-01-01T00:00:00.000Z'), operation: 'create' },
    { ...base, version: 2, content: `The user plays the ${SECRET} badly`, metadata: { note: SECRET }, tags: [SECRET], status: 'forgotten',
      statusReason: 'user asked', validTo: new Date('2025-02-01T00:00:00.000Z'), updatedAt: new Date('2025-02-01T00:00:00.000Z'), operation: 'update' },
  ];
}

describe.each(testBackends)('import of forgotten versions on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('stores a forgotten version as the tombstone, purges earlier versions, and logs no text', async () => {
    const id = randomUUID();
    const out = await ctx.gate.submit({ op: 'import', versions: history(id) }, importer);
    expect(out).toMatchObject({ status: 'committed', decision: 'IMPORT', record: { id, version: 2, status: 'forgotten', content: FORGOTTEN_CONTENT } });
    const versions = await ctx.reader.versions(id);
    expect(versions.map((v) => [v.version, v.operation, v.status, v.content, v.tags, v.metadata, v.statusReason])).toEqual([
      [1, 'create', 'active', FORGOTTEN_CONTENT, [], {}, null],
      [2, 'forget', 'forgotten', FORGOTTEN_CONTENT, [], {}, 'user asked'],
    ]);
    expect((await everything(ctx.handle.db)).toLowerCase()).not.toContain(SECRET);
    expect(await ctx.gate.submit({ op: 'import', versions: history(id) }, importer)).toMatchObject({ status: 'noop', decision: 'NOOP' });
  });

  it('imports a lone forgotten version (an export taken after the forget) as a tombstone', async () => {
    const id = randomUUID();
    const [, forgotten] = history(id);
    const out = await ctx.gate.submit({ op: 'import', versions: [{ ...(forgotten as ImportedVersion), version: 1, operation: 'import' }] }, importer);
    expect(out).toMatchObject({ status: 'committed', record: { id, version: 1, status: 'forgotten', content: FORGOTTEN_CONTENT, tags: [], metadata: {} } });
    expect((await everything(ctx.handle.db)).toLowerCase()).not.toContain(SECRET);
  });

  it('the writer refuses a forgotten version that is not a tombstone with INVALID_RECORD, writing nothing', async () => {
    const before = await counts(ctx.handle.db);
    const [, forgotten] = history(randomUUID());
    const attempt = write(ctx.handle.db, (w) => w.importVersion({ ...(forgotten as ImportedVersion), version: 1 }, audit()));
    await expect(attempt).rejects.toThrow(InvalidRecordError);
    await expect(attempt).rejects.toMatchObject({ code: 'INVALID_RECORD', message: expect.stringContaining('must be a tombstone') });
    expect(await counts(ctx.handle.db)).toEqual(before);
  });

  it.each([
    ['tags', { metadata: {}, tags: [SECRET] }],
    ['metadata', { metadata: { note: SECRET }, tags: [] }],
  ])('the writer refuses a forgotten version whose text is gone but which still has %s', async (_part, rest) => {
    const [, forgotten] = history(randomUUID());
    const attempt = write(ctx.handle.db, (w) => w.importVersion({ ...(forgotten as ImportedVersion), content: FORGOTTEN_CONTENT, ...rest, version: 1 }, audit()));
    await expect(attempt).rejects.toMatchObject({ code: 'INVALID_RECORD', message: expect.stringContaining('must be a tombstone') });
  });

  it('the writer stores a true tombstone as a forget, and the same version again as a no-op', async () => {
    const id = randomUUID();
    const [, forgotten] = history(id);
    const tombstone = { ...(forgotten as ImportedVersion), content: FORGOTTEN_CONTENT, metadata: {}, tags: [], version: 1 };
    expect(await write(ctx.handle.db, (w) => w.importVersion(tombstone, audit()))).toBe('committed');
    expect((await ctx.reader.versions(id)).map((v) => [v.version, v.operation, v.status])).toEqual([[1, 'forget', 'forgotten']]);
    expect(await write(ctx.handle.db, (w) => w.importVersion(tombstone, audit()))).toBe('noop');
  });
});
