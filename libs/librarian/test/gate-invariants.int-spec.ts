import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { agent, useGateDatabase, user } from './gate-fixtures.js';

describe.each(testBackends)('Gate invariants on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('lets exactly one of two concurrent updates with the same expectedVersion win', async () => {
    const r = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Workers: 4', scope: 'project:c' }, user);
    const id = r.record?.id as string;
    const outs = await Promise.all(['Workers: 8', 'Workers: 16'].map((content) => ctx.gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content } }, user)));
    expect(outs.map((o) => o.status).sort()).toEqual(['committed', 'rejected']);
    expect(outs.find((o) => o.status === 'rejected')?.code).toBe('VERSION_CONFLICT');
    expect((await ctx.reader.get(id)).version).toBe(2);
  });

  it('imports a version history idempotently, keeping ids, versions and timestamps', async () => {
    const id = '6f1d1c9e-3b0a-4c5e-9a57-1f0e2d3c4b5a';
    const base = {
      id, type: 'fact', metadata: { origin: 'export' }, tags: ['imported'], scope: 'project:imp', source: { type: 'file', id: 'dump.jsonl' },
      trust: 'import' as const, supersededBy: null, statusReason: null, archived: false, confidence: 0.9, validTo: null,
      createdAt: '2025-01-01T00:00:00.000Z', validFrom: '2025-01-01T00:00:00.000Z',
    };
    const versions = [
      { ...base, version: 1, content: 'Imported v1', status: 'active' as const, updatedAt: '2025-01-01T00:00:00.000Z' },
      { ...base, version: 2, content: 'Imported v2', status: 'active' as const, updatedAt: '2025-02-01T00:00:00.000Z' },
    ];
    const importer = { id: 'engram-import', kind: 'import' as const };
    const first = await ctx.gate.submit({ op: 'import', versions }, importer);
    expect(first).toMatchObject({ status: 'committed', decision: 'IMPORT', record: { id, version: 2, content: 'Imported v2' } });
    expect((await ctx.reader.get(id, { version: 1 })).createdAt.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(await ctx.gate.submit({ op: 'import', versions }, importer)).toMatchObject({ status: 'noop', decision: 'NOOP' });
    const changed = [versions[0] as (typeof versions)[number], { ...(versions[1] as (typeof versions)[number]), content: 'tampered' }];
    expect(await ctx.gate.submit({ op: 'import', versions: changed }, importer)).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
  });

  it('accounts for every stored version with exactly one audit row, and every request with at least one', async () => {
    const a = await ctx.gate.submit({ op: 'create', type: 'skill', content: 'How to cut a release', scope: 'project:inv' }, agent);
    const aid = a.record?.id as string;
    await ctx.gate.submit({ op: 'update', id: aid, patch: { content: 'How to cut a release (v2)' } }, agent);
    await ctx.gate.submit({ op: 'reinforce', id: aid }, user);
    await ctx.gate.submit({ op: 'create', type: 'skill', content: 'How to cut a release (v2)', scope: 'project:inv' }, agent);
    const b = await ctx.gate.approve((await ctx.gate.submit({ op: 'create', type: 'belief', content: 'Releases are monthly', scope: 'project:inv' }, agent)).requestId, 'bob');
    await ctx.gate.submit({ op: 'supersede', id: aid, replacement: { type: 'skill', content: 'How to cut a release with the CLI', scope: 'project:inv' } }, agent);
    await ctx.gate.submit({ op: 'archive', id: b.record?.id as string, reason: 'old' }, user);
    await ctx.gate.submit({ op: 'create', type: 'fact', content: 'token ghp_' + 'x'.repeat(36), scope: 'project:inv' }, agent);
    await ctx.gate.submit({ op: 'promote', id: aid }, user);
    await ctx.gate.reject((await ctx.gate.submit({ op: 'create', type: 'belief', content: 'Nobody reads the docs', scope: 'project:inv' }, agent)).requestId, 'bob', 'opinion');

    const versionsWithoutOneAudit = await sql<{ id: string; n: number }>`
      SELECT v.id, v.version, count(a.id) AS n FROM memory_versions v
      LEFT JOIN gate_audit a ON a.memory_id = v.id AND a.memory_version = v.version AND a.action = 'approve'
      GROUP BY v.id, v.version HAVING count(a.id) <> 1`.execute(ctx.handle.db);
    expect(versionsWithoutOneAudit.rows).toEqual([]);
    const approvalsWithoutVersion = await sql`
      SELECT a.id FROM gate_audit a LEFT JOIN memory_versions v ON v.id = a.memory_id AND v.version = a.memory_version
      WHERE a.action = 'approve' AND v.id IS NULL`.execute(ctx.handle.db);
    expect(approvalsWithoutVersion.rows).toEqual([]);
    const requestsWithoutAudit = await sql`
      SELECT r.id FROM gate_requests r WHERE NOT EXISTS (SELECT 1 FROM gate_audit a WHERE a.request_id = r.id)`.execute(ctx.handle.db);
    expect(requestsWithoutAudit.rows).toEqual([]);
    const versionRequestsLogged = await sql`
      SELECT v.gate_request_id FROM memory_versions v WHERE NOT EXISTS (SELECT 1 FROM gate_requests r WHERE r.id = v.gate_request_id)`.execute(ctx.handle.db);
    expect(versionRequestsLogged.rows).toEqual([]);
  });
});
