import { randomUUID } from 'node:crypto';
import { testBackends } from '../../../tools/test/backends.js';
import type { Actor } from '../src/index.js';
import { useGateDatabase } from './gate-fixtures.js';

/*
 * Layer 2 of an import (issue 22: decideImport's survivors): a history is accepted only where it
 * continues or repeats what is stored, and every field of a stored version must match exactly.
 */
const importer: Actor = { id: 'engram-import', kind: 'import' };

function history(id: string, count: number) {
  const base = {
    id, type: 'fact', metadata: { origin: 'export' }, tags: ['imported'], scope: 'project:imports', source: { type: 'file', id: 'dump.jsonl' },
    trust: 'import' as const, supersededBy: null, statusReason: null, archived: false, confidence: 0.9, validTo: null,
    createdAt: '2025-01-01T00:00:00.000Z', validFrom: '2025-01-01T00:00:00.000Z',
  };
  return Array.from({ length: count }, (_, i) => ({
    ...base, version: i + 1, content: `Imported text v${i + 1} of ${id}`, status: 'active' as const, updatedAt: `2025-0${i + 1}-02T00:00:00.000Z`,
  }));
}

describe.each(testBackends)('Gate import decisions on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('imports a new history, then only the versions the store lacks, then nothing', async () => {
    const id = randomUUID();
    const first = await ctx.gate.submit({ op: 'import', versions: history(id, 2) }, importer);
    expect(first).toMatchObject({ status: 'committed', decision: 'IMPORT' });
    expect(first.reason).toContain(`import 2 version(s) of ${id} (store has 0)`);
    const more = await ctx.gate.submit({ op: 'import', versions: history(id, 3) }, importer);
    expect(more).toMatchObject({ status: 'committed', decision: 'IMPORT', record: { version: 3 } });
    expect(more.reason).toContain(`import 1 version(s) of ${id} (store has 2)`);
    const again = await ctx.gate.submit({ op: 'import', versions: history(id, 3) }, importer);
    expect(again).toMatchObject({ status: 'noop', decision: 'NOOP' });
    expect(again.reason).toContain(`memory ${id} versions 1..3 already imported`);
    expect((await ctx.gate.getRequest(more.requestId)).targetId).toBe(id);
  });

  it('refuses a history that starts after a gap', async () => {
    const id = randomUUID();
    const out = await ctx.gate.submit({ op: 'import', versions: history(id, 3).slice(1) }, importer);
    expect(out).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    expect(out.reason).toContain(`import of ${id} starts at version 2 but the store has 0: versions are missing`);
  });

  const changes: Array<[string, Record<string, unknown>]> = [
    ['content', { content: 'Another text' }], ['status', { status: 'archived' }], ['scope', { scope: 'project:elsewhere' }],
    ['type', { type: 'skill' }], ['metadata', { metadata: { origin: 'other' } }], ['tags', { tags: ['other'] }],
    ['supersededBy', { supersededBy: randomUUID() }], ['createdAt', { createdAt: '2024-12-31T00:00:00.000Z' }],
    ['updatedAt', { updatedAt: '2025-03-03T00:00:00.000Z' }],
  ];

  it.each(changes)('refuses a history whose stored version differs in %s', async (_field, change) => {
    const id = randomUUID();
    expect((await ctx.gate.submit({ op: 'import', versions: history(id, 2) }, importer)).status).toBe('committed');
    const [v1, v2] = history(id, 2);
    const out = await ctx.gate.submit({ op: 'import', versions: [v1 as NonNullable<typeof v1>, { ...(v2 as NonNullable<typeof v2>), ...change }] }, importer);
    expect(out).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    expect(out.reason).toContain(`import of ${id} version 2 differs from the stored version`);
  });

  it('refuses an import into a scope the importer may not write', async () => {
    const confined: Actor = { ...importer, allowedScopes: ['project:other'] };
    const id = randomUUID();
    const out = await ctx.gate.submit({ op: 'import', versions: history(id, 1) }, confined);
    expect(out).toMatchObject({ status: 'rejected', code: 'SCOPE_DENIED' });
    expect(out.reason).toContain('may not write to scope project:imports');
  });

  it('issue 39 knows a re-import is stored exactly after one read, for many records at once, and nothing else', async () => {
    const ids = Array.from({ length: 12 }, () => randomUUID());
    for (const id of ids) expect((await ctx.gate.submit({ op: 'import', versions: history(id, 2) }, importer)).status).toBe('committed');
    // Asked together (one turn): one read answers all twelve.
    expect(await Promise.all(ids.map((id) => ctx.gate.alreadyImported({ op: 'import', versions: history(id, 2) })))).toEqual(ids.map(() => true));
    const [id] = ids as [string];
    expect(await ctx.gate.alreadyImported({ op: 'import', versions: history(id, 1) })).toBe(true);
    expect(await ctx.gate.alreadyImported({ op: 'import', versions: history(id, 3) })).toBe(false);
    for (const [, change] of changes) {
      const [v1, v2] = history(id, 2);
      expect(await ctx.gate.alreadyImported({ op: 'import', versions: [v1 as NonNullable<typeof v1>, { ...(v2 as NonNullable<typeof v2>), ...change }] })).toBe(false);
    }
    expect(await ctx.gate.alreadyImported({ op: 'import', versions: history(randomUUID(), 1) })).toBe(false);
    expect(await ctx.gate.alreadyImported({ op: 'import', versions: [] } as never)).toBe(false);
    expect(await ctx.gate.alreadyImported({ op: 'create', type: 'fact', content: 'x', scope: 'global' })).toBe(false);
  });

  it('issue 39 group-commits concurrent imports of new records, each answered with its own head and audit', async () => {
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const outs = await Promise.all(ids.map((id) => ctx.gate.submit({ op: 'import', versions: history(id, 2) }, importer)));
    expect(outs.map((o) => [o.status, o.decision, o.record?.id, o.record?.version])).toEqual(ids.map((id) => ['committed', 'IMPORT', id, 2]));
    for (const [i, id] of ids.entries()) {
      expect((await ctx.reader.versions(id)).map((v) => [v.version, v.content, v.gateRequestId])).toEqual([
        [1, `Imported text v1 of ${id}`, outs[i]?.requestId], [2, `Imported text v2 of ${id}`, outs[i]?.requestId],
      ]);
      expect(await ctx.gate.getRequest(outs[i]?.requestId as string)).toMatchObject({ status: 'committed', targetId: id });
      expect((await ctx.gate.auditTrail(outs[i]?.requestId as string)).map((a) => [a.action, a.memoryVersion])).toEqual([['approve', 1], ['approve', 2]]);
    }
  });

  it('issue 39 settles each import alone when its group fails: one of two racing imports of the same record commits, the other is a noop', async () => {
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const twin = randomUUID();
    const outs = await Promise.all([...ids, twin, twin].map((id) => ctx.gate.submit({ op: 'import', versions: history(id, 1) }, importer)));
    expect(outs.slice(0, 5).map((o) => o.status)).toEqual(Array(5).fill('committed'));
    expect(outs.slice(5).map((o) => o.status).sort()).toEqual(['committed', 'noop']);
    expect((await ctx.reader.versions(twin)).length).toBe(1);
  });
});
