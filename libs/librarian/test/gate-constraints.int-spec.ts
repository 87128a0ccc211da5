import { testBackends } from '../../../tools/test/backends.js';
import { agent, counts, everything, gateFor, useGateDatabase, user } from './gate-fixtures.js';

const AWS_KEY = 'AKIAIOSFODNN7REALKEY';

describe.each(testBackends)('Gate Layer 1 and Layer 2 on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('rejects secrets with a reason and stores nothing of them', async () => {
    const before = await counts(ctx.handle.db);
    const out = await ctx.gate.submit({ op: 'create', type: 'fact', content: `deploy key is ${AWS_KEY}`, scope: 'project:p', metadata: { note: 'password=hunter22' } }, agent);
    expect(out).toMatchObject({ status: 'rejected', decision: 'REJECT', code: 'SECRET_DETECTED' });
    expect(out.reason).toMatch(/aws_access_key/);
    const after = await counts(ctx.handle.db);
    // A Layer 1 refusal writes no row at all (issue 17): it is counted in the gate's metrics.
    expect(after).toEqual(before);
    expect(ctx.gate.layer1Rejections()['SECRET_DETECTED']).toBeGreaterThanOrEqual(1);
    const all = await everything(ctx.handle.db);
    expect(all).not.toContain(AWS_KEY);
    expect(all).not.toContain('hunter22');
  });

  it('redacts PII before storing and reports the redactions', async () => {
    const out = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Contact the on-call at carol@example.com or +1 415 555 0134', scope: 'project:p' }, agent);
    expect(out).toMatchObject({ status: 'committed', redactions: ['email', 'phone'] });
    expect(out.record?.content).toBe('Contact the on-call at [REDACTED:email] or [REDACTED:phone]');
    const all = await everything(ctx.handle.db);
    expect(all).not.toContain('carol@example.com');
    expect(all).not.toContain('555 0134');
  });

  it('rejects invalid requests: unknown type, empty content, bad scope, valid_to before valid_from, oversize', async () => {
    const cases: Array<[unknown, string]> = [
      [{ op: 'create', type: 'rumour', content: 'x', scope: 'global' }, 'UNKNOWN_TYPE'],
      [{ op: 'create', type: 'fact', content: '   ', scope: 'global' }, 'INVALID_REQUEST'],
      [{ op: 'create', type: 'fact', content: 'x', scope: 'team:a' }, 'INVALID_REQUEST'],
      [{ op: 'create', type: 'fact', content: 'x', scope: 'global', metadata: [1] }, 'INVALID_REQUEST'],
      [{ op: 'create', type: 'fact', content: 'x', scope: 'global', validFrom: '2026-02-01', validTo: '2026-01-01' }, 'INVALID_REQUEST'],
      [{ op: 'create', type: 'fact', content: 'x'.repeat(300_000), scope: 'global' }, 'TOO_LARGE'],
      [{ op: 'explode' }, 'INVALID_REQUEST'],
    ];
    const before = await counts(ctx.handle.db);
    for (const [request, code] of cases) {
      expect(await ctx.gate.submit(request as never, user)).toMatchObject({ status: 'rejected', code });
    }
    expect(await counts(ctx.handle.db)).toEqual(before);
  });

  it('denies writes outside the actor allowed scopes', async () => {
    const scoped = { id: 'agent-x', kind: 'agent' as const, allowedScopes: ['project:x*'] };
    expect(await ctx.gate.submit({ op: 'create', type: 'fact', content: 'ok here', scope: 'project:x1' }, scoped)).toMatchObject({ status: 'committed' });
    expect(await ctx.gate.submit({ op: 'create', type: 'fact', content: 'not here', scope: 'project:y' }, scoped)).toMatchObject({ status: 'rejected', code: 'SCOPE_DENIED' });
    const other = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'someone else', scope: 'project:y' }, user);
    expect(await ctx.gate.submit({ op: 'archive', id: other.record?.id as string }, scoped)).toMatchObject({ status: 'rejected', code: 'SCOPE_DENIED' });
  });

  it('rate-limits each actor with a token bucket', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const limited = gateFor(ctx.handle, { limits: { rate: { capacity: 2, refillPerSecond: 1 } }, clock: () => new Date(now) });
    const send = (n: number) => limited.submit({ op: 'create', type: 'episode', content: `burst ${n} ${Math.random()}`, scope: 'agent:r' }, { id: 'burst', kind: 'agent' });
    expect((await Promise.all([send(1), send(2)])).map((o) => o.status)).toEqual(['committed', 'committed']);
    const before = await counts(ctx.handle.db);
    for (let i = 0; i < 20; i++) expect(await send(3)).toMatchObject({ status: 'rejected', code: 'RATE_LIMITED' });
    // Shed requests cost no table write (issue 17): counted, not logged.
    expect(await counts(ctx.handle.db)).toEqual(before);
    expect(limited.layer1Rejections()).toEqual({ RATE_LIMITED: 20 });
    now += 1500;
    expect((await send(4)).status).toBe('committed');
  });

  it('turns an exact duplicate into NOOP and flags a near duplicate for review', async () => {
    const first = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The build uses esbuild for bundling the apps', scope: 'project:d' }, user);
    const dup = await ctx.gate.submit({ op: 'create', type: 'fact', content: '  the build uses   ESBUILD for bundling the apps ', scope: 'project:d' }, user);
    expect(dup).toMatchObject({ status: 'noop', decision: 'NOOP', duplicateOf: first.record?.id });
    expect((await ctx.gate.auditTrail(dup.requestId)).map((a) => a.action)).toEqual(['noop']);
    const near = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The build uses esbuild, for bundling the apps!', scope: 'project:d' }, user);
    expect(near).toMatchObject({ status: 'pending', flags: ['near_duplicate'], duplicateOf: first.record?.id, policyMatched: 'review-flagged' });
    const elsewhere = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The build uses esbuild for bundling the apps', scope: 'project:other' }, user);
    expect(elsewhere.status).toBe('committed');
  });

  it('flags a possible contradiction for review', async () => {
    await ctx.gate.submit({ op: 'create', type: 'fact', content: 'We deploy to production on Fridays', scope: 'project:c' }, user);
    const out = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'We never deploy to production on Fridays', scope: 'project:c' }, user);
    expect(out).toMatchObject({ status: 'pending', flags: ['possible_conflict'] });
    expect(out.reason).toMatch(/possible contradiction/);
    // The other way round: the stored record is the negated one (found through the negation index).
    await ctx.gate.submit({ op: 'create', type: 'fact', content: "We don't run migrations during business hours", scope: 'project:c2' }, user);
    const plain = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'We run migrations during business hours', scope: 'project:c2' }, user);
    expect(plain).toMatchObject({ status: 'pending', flags: ['possible_conflict'] });
  });

  it('forgets into a tombstone and invalidates through the gate', async () => {
    const r = await ctx.gate.submit({ op: 'create', type: 'preference', content: 'Prefers tabs over spaces', scope: 'agent:a', tags: ['style'] }, user);
    const id = r.record?.id as string;
    expect(await ctx.gate.submit({ op: 'forget', id, reason: 'user asked' }, agent)).toMatchObject({ status: 'pending', policyMatched: 'review-agent-forget' });
    const forgotten = await ctx.gate.submit({ op: 'forget', id, reason: 'user asked' }, user);
    expect(forgotten).toMatchObject({ status: 'committed', decision: 'FORGET', record: { status: 'forgotten', content: '[forgotten]', tags: [] } });
    expect((await ctx.gate.auditTrail(forgotten.requestId))[0]).toMatchObject({ memoryId: id, memoryVersion: 2 });
    const wrong = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The API listens on 3000', scope: 'agent:a' }, user);
    const inv = await ctx.gate.submit({ op: 'invalidate', id: wrong.record?.id as string, reason: 'was wrong: it is 3001' }, user);
    expect(inv.record).toMatchObject({ status: 'invalidated', statusReason: 'was wrong: it is 3001' });
    expect(await ctx.gate.submit({ op: 'update', id: wrong.record?.id as string, patch: { content: 'x' } }, user)).toMatchObject({ status: 'rejected', code: 'INVALID_STATE' });
  });

  it('rolls back a half-done supersede completely: only the rejection is stored', async () => {
    const old = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Cache TTL is 60s', scope: 'project:t' }, user);
    const taken = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Unrelated record', scope: 'project:t' }, user);
    const before = await counts(ctx.handle.db);
    // The old record's superseded version is written first; creating the replacement then fails (id taken).
    const out = await ctx.gate.submit({ op: 'supersede', id: old.record?.id as string, replacement: { id: taken.record?.id, type: 'fact', content: 'Cache TTL is 30s', scope: 'project:t' } }, user);
    expect(out).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    const after = await counts(ctx.handle.db);
    expect([after.memories, after.memory_versions, after.memory_edges]).toEqual([before.memories, before.memory_versions, before.memory_edges]);
    expect(after.gate_audit).toBe(before.gate_audit + 1);
    expect(await ctx.reader.get(old.record?.id as string)).toMatchObject({ status: 'active', version: 1, supersededBy: null });
    expect((await ctx.gate.auditTrail(out.requestId)).map((a) => a.action)).toEqual(['reject']);
  });
});
