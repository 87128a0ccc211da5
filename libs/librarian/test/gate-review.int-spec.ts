import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { GateRequestNotFoundError, GateRequestNotPendingError } from '../src/index.js';
import { agent, useGateDatabase, user } from './gate-fixtures.js';

/*
 * The review queue as a reviewer drives it (issue 22: the mutation run left the queue listing's
 * pagination and filters, and the approval's reject / noop / invalid-payload branches, without a test).
 * Each test uses its own scope, so the shared database's other rows never reach its listings.
 */
describe.each(testBackends)('Gate review queue on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  const queueBelief = async (content: string, scope: string, by = agent) => {
    const out = await ctx.gate.submit({ op: 'create', type: 'belief', content, scope }, by);
    expect(out.status).toBe('pending');
    return out.requestId;
  };

  it('lists the queue oldest first, one page at a time, and the cursor ends on the last page', async () => {
    const ids = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await queueBelief(`Queued belief number ${n} about paging`, 'project:paging'));
    const first = await ctx.gate.listRequests({ scope: 'project:paging', limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await ctx.gate.listRequests({ scope: 'project:paging', limit: 2, cursor: first.nextCursor as string });
    expect(second.items.map((r) => r.id)).toEqual(ids.slice(2, 4));
    const last = await ctx.gate.listRequests({ scope: 'project:paging', limit: 2, cursor: second.nextCursor as string });
    expect(last.items.map((r) => r.id)).toEqual(ids.slice(4));
    expect(last.nextCursor).toBeNull();
    // A page exactly as long as what is left has no next page either.
    expect((await ctx.gate.listRequests({ scope: 'project:paging', limit: 5 })).nextCursor).toBeNull();
    expect((await ctx.gate.listRequests({ scope: 'project:paging' })).items.map((r) => r.id)).toEqual(ids);
    // A limit below 1 still returns one item.
    expect((await ctx.gate.listRequests({ scope: 'project:paging', limit: 0 })).items.map((r) => r.id)).toEqual(ids.slice(0, 1));
  });

  it('narrows the queue by status, operation, scope and requester, each on its own', async () => {
    const scope = 'project:filters';
    const byAgent = await queueBelief('Agents think the build is slow', scope);
    const byUser = await queueBelief('Users think the build is fine', scope, user);
    const episode = await ctx.gate.submit({ op: 'create', type: 'episode', content: 'Ran the build twice today', scope }, agent);
    expect(episode.status).toBe('committed');
    const idsOf = async (filter: Parameters<typeof ctx.gate.listRequests>[0]) => (await ctx.gate.listRequests({ scope, ...filter })).items.map((r) => r.id);
    expect(await idsOf({})).toEqual([byAgent, byUser, episode.requestId]);
    expect(await idsOf({ status: 'pending' })).toEqual([byAgent, byUser]);
    expect(await idsOf({ status: 'committed' })).toEqual([episode.requestId]);
    expect(await idsOf({ requestedBy: user.id })).toEqual([byUser]);
    expect(await idsOf({ operation: 'update' })).toEqual([]);
    expect((await ctx.gate.listRequests({ scope: 'project:nothing-here' })).items).toEqual([]);
    const operations = new Set((await ctx.gate.listRequests({ operation: 'create', limit: 500 })).items.map((r) => r.operation));
    expect([...operations]).toEqual(['create']);
  });

  it('answers a request that does not exist, or an id that is not a uuid, with not found; its audit trail is empty', async () => {
    await expect(ctx.gate.getRequest(randomUUID())).rejects.toBeInstanceOf(GateRequestNotFoundError);
    await expect(ctx.gate.getRequest('not-a-uuid')).rejects.toBeInstanceOf(GateRequestNotFoundError);
    expect(await ctx.gate.auditTrail('not-a-uuid')).toEqual([]);
    expect(await ctx.gate.auditTrail(randomUUID())).toEqual([]);
  });

  it('keeps a pending request without result or decision time, and its queue audit without a memory', async () => {
    const id = await queueBelief('A pending belief has no result yet', 'project:pending');
    const row = await ctx.gate.getRequest(id);
    expect(row).toMatchObject({ status: 'pending', resultId: null, resultVersion: null, reviewer: null, requestedBy: agent.id, policyMatched: 'review-belief-changes' });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(await ctx.gate.auditTrail(id)).toMatchObject([{ action: 'queue', memoryId: null, memoryVersion: null, reviewer: null, policyMatched: 'review-belief-changes' }]);
  });

  it('rejects with the reviewer, the reason and the rule matched, in the request, its audit and the outcome', async () => {
    const id = await queueBelief('The team wants tabs', 'project:reject');
    const out = await ctx.gate.reject(id, 'carol', 'we use spaces');
    expect(out).toEqual({ requestId: id, status: 'rejected', decision: 'REJECT', reason: 'rejected by carol: we use spaces', code: 'REVIEWER_REJECTED', policyMatched: 'review-belief-changes' });
    expect(await ctx.gate.getRequest(id)).toMatchObject({ status: 'rejected', decision: 'REJECT', reason: 'rejected by carol: we use spaces', reviewer: 'carol' });
    expect((await ctx.gate.auditTrail(id))[1]).toMatchObject({ action: 'reject', decision: 'REJECT', reason: 'rejected by carol: we use spaces', reviewer: 'carol', policyMatched: 'review-belief-changes', memoryId: null });
    await expect(ctx.gate.reject(id, 'carol', 'again')).rejects.toBeInstanceOf(GateRequestNotPendingError);
  });

  it('approves with the reviewer note in the reason, and the rule matched in the outcome', async () => {
    const id = await queueBelief('Reviews happen on Fridays', 'project:approve');
    const out = await ctx.gate.approve(id, 'dave', 'confirmed in standup');
    expect(out).toMatchObject({ status: 'committed', decision: 'ADD', policyMatched: 'review-belief-changes' });
    expect(out.reason).toMatch(/^approved by dave: confirmed in standup \(.+\)$/);
    expect(out.flags).toBeUndefined();
    expect(await ctx.gate.getRequest(id)).toMatchObject({ status: 'committed', decision: 'ADD', reason: out.reason, reviewer: 'dave', resultId: out.record?.id });
    const plain = await ctx.gate.approve(await queueBelief('Reviews take an hour', 'project:approve'), 'dave');
    expect(plain.reason).toMatch(/^approved by dave \(.+\)$/);
  });

  it('settles a request whose twin was approved first as a no-op pointing at the stored record', async () => {
    const scope = 'project:twins';
    const first = await queueBelief('Deploys happen from the main branch', scope);
    const twin = await queueBelief('Deploys happen from the main branch', scope);
    const stored = await ctx.gate.approve(first, 'erin');
    const noop = await ctx.gate.approve(twin, 'erin');
    expect(noop).toMatchObject({ status: 'noop', decision: 'NOOP', duplicateOf: stored.record?.id, policyMatched: 'review-belief-changes' });
    expect(await ctx.gate.getRequest(twin)).toMatchObject({ status: 'noop', decision: 'NOOP', reviewer: 'erin', reason: noop.reason });
    expect((await ctx.gate.auditTrail(twin))[1]).toMatchObject({ action: 'noop', decision: 'NOOP', reviewer: 'erin', memoryId: stored.record?.id, policyMatched: 'review-belief-changes' });
  });

  it('rejects at approval a supersession whose target another approval already superseded', async () => {
    const scope = 'project:race';
    const base = await ctx.gate.approve(await queueBelief('The cache lives in Redis', scope, user), 'frank');
    const id = base.record?.id as string;
    const a = await ctx.gate.submit({ op: 'supersede', id, replacement: { type: 'belief', content: 'The cache lives in memory now', scope } }, agent);
    const b = await ctx.gate.submit({ op: 'supersede', id, replacement: { type: 'belief', content: 'The cache lives on disk now', scope } }, agent);
    const won = await ctx.gate.approve(a.requestId, 'frank');
    expect(won).toMatchObject({ status: 'committed', decision: 'SUPERSEDE', superseded: { id }, policyMatched: 'review-belief-changes' });
    const lost = await ctx.gate.approve(b.requestId, 'frank');
    expect(lost).toMatchObject({ status: 'rejected', decision: 'REJECT', code: 'INVALID_STATE', policyMatched: 'review-belief-changes' });
    expect(lost.reason).toContain(`at approval: cannot supersede memory ${id}: it is superseded`);
    expect(await ctx.gate.getRequest(b.requestId)).toMatchObject({ status: 'rejected', reviewer: 'frank' });
  });

  it('rejects at approval a stored request that no longer parses, and stores nothing', async () => {
    const id = await queueBelief('This payload will be damaged', 'project:damaged');
    await sql`UPDATE gate_requests SET payload = jsonb_set(payload, '{request,op}', '"explode"') WHERE id = ${id}::uuid`.execute(ctx.handle.db);
    const out = await ctx.gate.approve(id, 'gina');
    expect(out).toMatchObject({ status: 'rejected', decision: 'REJECT', code: 'INVALID_REQUEST', policyMatched: 'review-belief-changes' });
    expect(out.reason).toContain('at approval: ');
    expect(out.record).toBeUndefined();
    expect(await ctx.gate.getRequest(id)).toMatchObject({ status: 'rejected', reviewer: 'gina', resultId: null });
  });

  it('approves at most `limit` pending requests in one approveAll, oldest first', async () => {
    const scope = 'project:bulk';
    const ids = [await queueBelief('Bulk belief one', scope), await queueBelief('Bulk belief two', scope), await queueBelief('Bulk belief three', scope)];
    const once = await ctx.gate.approveAll({ scope, limit: 1 }, 'hank');
    expect(once.map((o) => [o.requestId, o.status])).toEqual([[ids[0], 'committed']]);
    const rest = await ctx.gate.approveAll({ scope }, 'hank');
    expect(rest.map((o) => o.requestId)).toEqual(ids.slice(1));
    expect((await ctx.gate.listRequests({ scope, status: 'pending' })).items).toEqual([]);
  });
});
