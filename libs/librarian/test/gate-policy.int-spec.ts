import { testBackends } from '../../../tools/test/backends.js';
import { GateRequestNotPendingError, loadPolicy } from '../src/index.js';
import { agent, counts, gateFor, useGateDatabase, user } from './gate-fixtures.js';

describe.each(testBackends)('Gate policy and queue on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('auto-approves an episode and records the policy matched', async () => {
    const out = await ctx.gate.submit({ op: 'create', type: 'episode', content: 'Debugged the flaky migration test', scope: 'project:p' }, agent);
    expect(out).toMatchObject({ status: 'committed', decision: 'ADD', policyMatched: 'auto-low-risk-types' });
    expect(out.record).toMatchObject({ version: 1, trust: 'agent', source: { type: 'agent', id: 'agent-1' } });
    const audit = await ctx.gate.auditTrail(out.requestId);
    expect(audit).toMatchObject([{ action: 'approve', decision: 'ADD', policyMatched: 'auto-low-risk-types', memoryId: out.record?.id, memoryVersion: 1 }]);
    expect((await ctx.gate.getRequest(out.requestId)).status).toBe('committed');
  });

  it('queues a belief; nothing is stored until a reviewer approves it', async () => {
    const before = await counts(ctx.handle.db);
    const out = await ctx.gate.submit({ op: 'create', type: 'belief', content: 'The user prefers squash merges', scope: 'project:p' }, agent);
    expect(out).toMatchObject({ status: 'pending', decision: 'ADD', policyMatched: 'review-belief-changes' });
    expect(out.record).toBeUndefined();
    const mid = await counts(ctx.handle.db);
    expect(mid.memories).toBe(before.memories);
    expect((await ctx.gate.listRequests({ status: 'pending' })).items.map((r) => r.id)).toContain(out.requestId);
    const approved = await ctx.gate.approve(out.requestId, 'bob', 'looks right');
    expect(approved).toMatchObject({ status: 'committed', decision: 'ADD' });
    expect(await ctx.reader.get(approved.record?.id as string)).toMatchObject({ content: 'The user prefers squash merges', type: 'belief' });
    expect((await ctx.gate.getRequest(out.requestId))).toMatchObject({ status: 'committed', reviewer: 'bob', resultVersion: 1 });
    await expect(ctx.gate.approve(out.requestId, 'bob')).rejects.toBeInstanceOf(GateRequestNotPendingError);
    const audit = await ctx.gate.auditTrail(out.requestId);
    expect(audit.map((a) => a.action)).toEqual(['queue', 'approve']);
    expect(audit[1]).toMatchObject({ reviewer: 'bob', memoryVersion: 1 });
  });

  it('queues high-impact decisions, auto-approves low/absent impact, and returns the reviewer reason on reject', async () => {
    const low = await ctx.gate.submit({ op: 'create', type: 'decision', content: 'Use kebab-case file names', scope: 'project:p', metadata: { impact: 'low' } }, agent);
    expect(low).toMatchObject({ status: 'committed', policyMatched: 'auto-low-impact-decisions' });
    const high = await ctx.gate.submit({ op: 'create', type: 'decision', content: 'Move storage to Postgres', scope: 'project:p', metadata: { impact: 'high' } }, agent);
    expect(high).toMatchObject({ status: 'pending', policyMatched: 'review-high-impact-decisions' });
    const rejected = await ctx.gate.reject(high.requestId, 'bob', 'needs an ADR first');
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'rejected by bob: needs an ADR first' });
    expect(await ctx.gate.getRequest(high.requestId)).toMatchObject({ status: 'rejected', reviewer: 'bob' });
    expect((await ctx.gate.auditTrail(high.requestId)).map((a) => a.action)).toEqual(['queue', 'reject']);
  });

  it('queues promote to global and belief supersession; approveAll commits them', async () => {
    const fact = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'CI runs on Node 24', scope: 'project:p' }, user);
    const promote = await ctx.gate.submit({ op: 'promote', id: fact.record?.id as string }, user);
    expect(promote).toMatchObject({ status: 'pending', decision: 'PROMOTE', policyMatched: 'review-promote-to-global' });
    const belief = await ctx.gate.approve((await ctx.gate.submit({ op: 'create', type: 'belief', content: 'Tests are slow', scope: 'project:p' }, user)).requestId, 'bob');
    const sup = await ctx.gate.submit({ op: 'supersede', id: belief.record?.id as string, replacement: { type: 'belief', content: 'Tests got fast after caching', scope: 'project:p' } }, agent);
    expect(sup).toMatchObject({ status: 'pending', decision: 'SUPERSEDE' });
    const outcomes = await ctx.gate.approveAll({}, 'bob');
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 'committed'));
    expect((await ctx.reader.get(fact.record?.id as string)).scope).toBe('global');
    const chain = await ctx.reader.supersessionChain(belief.record?.id as string);
    expect(chain).toHaveLength(2);
    expect((await ctx.reader.get(chain[1] as string)).content).toBe('Tests got fast after caching');
  });

  it('loads a YAML policy that overrides the defaults', async () => {
    const policy = await loadPolicy({ yaml: 'rules:\n  - name: trust-users\n    match: { actor_kind: user }\n    action: auto\ndefault: queue\n' });
    const custom = gateFor(ctx.handle, { policy });
    expect(await custom.submit({ op: 'create', type: 'belief', content: 'Users may write beliefs directly', scope: 'project:q' }, user)).toMatchObject({ status: 'committed', policyMatched: 'trust-users' });
    expect(await custom.submit({ op: 'create', type: 'episode', content: 'Agents are queued now', scope: 'project:q' }, agent)).toMatchObject({ status: 'pending', policyMatched: 'default:queue' });
  });

  it('rejects a stale request at approval time with the version conflict as reason', async () => {
    const fact = await ctx.gate.submit({ op: 'create', type: 'belief', content: 'Port is 8080', scope: 'project:s' }, user);
    const created = await ctx.gate.approve(fact.requestId, 'bob');
    const id = created.record?.id as string;
    const first = await ctx.gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content: 'Port is 8081' } }, agent);
    const second = await ctx.gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content: 'Port is 9090' } }, agent);
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    expect(await ctx.gate.approve(first.requestId, 'bob')).toMatchObject({ status: 'committed' });
    const stale = await ctx.gate.approve(second.requestId, 'bob');
    expect(stale).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    expect((await ctx.reader.get(id)).content).toBe('Port is 8081');
  });
});
