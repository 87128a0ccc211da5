import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { DEFAULT_POLICY, type Actor, type GatePolicy } from '../src/index.js';
import { agent, gateFor, useGateDatabase, user } from './gate-fixtures.js';

/*
 * Layer 2 on existing records and the judge's verdicts (issue 22): each refusal a client can get
 * for a change to a stored record (its code and the reason it reads), the changes that change
 * nothing, and how a policy rule turns a decision into reject / queue / commit. Records are created
 * inside each test so that every test states its own situation.
 */

const MISSING = '00000000-0000-4000-8000-0000000000ff';

describe.each(testBackends)('Layer 2 on existing records on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  let n = 0;
  /** A committed record of the type (fact: mutable, decision: immutable), with a unique text. */
  async function stored(type = 'fact', over: Record<string, unknown> = {}, by: Actor = user) {
    n += 1;
    const submitted = await ctx.gate.submit({ op: 'create', type, content: `Stored record number ${n} about the kestrel deploy`, scope: 'project:l2', ...over }, by);
    const out = submitted.status === 'pending' ? await ctx.gate.approve(submitted.requestId, 'reviewer') : submitted;
    if (out.status !== 'committed' || !out.record) throw new Error(`fixture not committed: ${out.reason}`);
    return out.record;
  }

  it('refuses a change to an unknown record', async () => {
    expect(await ctx.gate.submit({ op: 'archive', id: MISSING }, user)).toMatchObject({
      status: 'rejected', code: 'RECORD_NOT_FOUND', reason: `rejected (RECORD_NOT_FOUND): memory ${MISSING} not found`,
    });
  });

  it('allows each operation only from the states it applies to', async () => {
    const a = await stored();
    expect(await ctx.gate.submit({ op: 'archive', id: a.id, reason: 'old' }, user)).toMatchObject({ status: 'committed', decision: 'ARCHIVE' });
    expect(await ctx.gate.submit({ op: 'archive', id: a.id }, user)).toMatchObject({
      status: 'rejected', code: 'INVALID_STATE', reason: `rejected (INVALID_STATE): cannot archive memory ${a.id}: it is archived`,
    });
    for (const op of ['reinforce', 'promote'] as const) expect(await ctx.gate.submit({ op, id: a.id }, user)).toMatchObject({ status: 'rejected', code: 'INVALID_STATE' });
    expect(await ctx.gate.submit({ op: 'update', id: a.id, patch: { tags: ['x'] } }, user)).toMatchObject({ status: 'rejected', code: 'INVALID_STATE' });
    // An archived record can still be invalidated, and an invalidated one forgotten.
    expect(await ctx.gate.submit({ op: 'invalidate', id: a.id, reason: 'was wrong' }, user)).toMatchObject({ status: 'committed', decision: 'INVALIDATE' });
    expect(await ctx.gate.submit({ op: 'invalidate', id: a.id, reason: 'again' }, user)).toMatchObject({ status: 'rejected', code: 'INVALID_STATE' });
    expect(await ctx.gate.submit({ op: 'forget', id: a.id, reason: 'asked' }, user)).toMatchObject({ status: 'committed', decision: 'FORGET' });
    expect(await ctx.gate.submit({ op: 'forget', id: a.id, reason: 'asked' }, user)).toMatchObject({ status: 'rejected', code: 'INVALID_STATE' });
  });

  it('refuses a stale expected version and names both versions', async () => {
    const a = await stored();
    expect(await ctx.gate.submit({ op: 'update', id: a.id, expectedVersion: 2, patch: { tags: ['x'] } }, user)).toMatchObject({
      status: 'rejected', code: 'VERSION_CONFLICT', reason: `rejected (VERSION_CONFLICT): memory ${a.id} is at version 1, expected 2`,
    });
    expect(await ctx.gate.submit({ op: 'update', id: a.id, expectedVersion: 1, patch: { tags: ['x'] } }, user)).toMatchObject({
      status: 'committed', decision: 'UPDATE', reason: expect.stringContaining(`update of fact ${a.id} (version 1)`), record: { version: 2 },
    });
  });

  it('keeps the content of an immutable type, but lets its tags change', async () => {
    const d = await stored('decision', { metadata: { impact: 'low' } });
    expect(await ctx.gate.submit({ op: 'update', id: d.id, patch: { content: 'A rewritten decision' } }, user)).toMatchObject({
      status: 'rejected', code: 'IMMUTABLE_RECORD', reason: `rejected (IMMUTABLE_RECORD): a decision's content is immutable: supersede ${d.id} instead`,
    });
    // Sending the same content is no change, so it is not refused.
    expect(await ctx.gate.submit({ op: 'update', id: d.id, patch: { content: d.content, tags: ['adr'] } }, user)).toMatchObject({ status: 'committed', decision: 'UPDATE' });
  });

  it('answers an update that changes nothing with a noop, field by field', async () => {
    const a = await stored('fact', { metadata: { b: 2, a: 1 }, tags: ['x', 'y'], confidence: 0.7, validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00Z' });
    const same = [
      { content: a.content }, { metadata: { a: 1, b: 2 } }, { tags: ['x', 'y', 'x'] }, { confidence: 0.7 },
      { validFrom: '2026-01-01T00:00:00Z' }, { validTo: '2027-01-01T00:00:00Z' },
    ];
    for (const patch of same) {
      expect(await ctx.gate.submit({ op: 'update', id: a.id, patch }, user)).toMatchObject({ status: 'noop', decision: 'NOOP', reason: `update changes nothing in ${a.id}` });
    }
    const changes = [
      { content: `${a.content}!` }, { metadata: { a: 1 } }, { tags: ['y', 'x'] }, { confidence: 0.71 },
      { validFrom: '2026-01-02T00:00:00Z' }, { validTo: null },
    ];
    let version = 1;
    for (const patch of changes) {
      const out = await ctx.gate.submit({ op: 'update', id: a.id, patch }, user);
      version += 1;
      expect({ patch, out }).toMatchObject({ patch, out: { status: 'committed', decision: 'UPDATE', record: { version } } });
    }
  });

  it('refuses a supersede by a missing, a non-active or a cyclic replacement', async () => {
    const a = await stored();
    expect(await ctx.gate.submit({ op: 'supersede', id: a.id, replacementId: MISSING }, user)).toMatchObject({
      status: 'rejected', code: 'RECORD_NOT_FOUND', reason: `rejected (RECORD_NOT_FOUND): replacement ${MISSING} not found`,
    });
    const archived = await stored();
    await ctx.gate.submit({ op: 'archive', id: archived.id }, user);
    expect(await ctx.gate.submit({ op: 'supersede', id: a.id, replacementId: archived.id }, user)).toMatchObject({
      status: 'rejected', code: 'INVALID_STATE', reason: `rejected (INVALID_STATE): replacement ${archived.id} is archived`,
    });
    const b = await stored();
    expect(await ctx.gate.submit({ op: 'supersede', id: a.id, replacementId: b.id }, user)).toMatchObject({ status: 'committed', decision: 'SUPERSEDE' });
    // a is now superseded by b: superseding b by a would close the chain.
    expect(await ctx.gate.submit({ op: 'supersede', id: b.id, replacementId: a.id }, user)).toMatchObject({
      status: 'rejected', code: 'SUPERSEDE_CYCLE', reason: `rejected (SUPERSEDE_CYCLE): superseding ${b.id} by ${a.id} would create a cycle`,
    });
  });

  it('answers a reinforce at full confidence and a promote of a global record with a noop', async () => {
    const full = await stored('fact', { confidence: 1 });
    expect(await ctx.gate.submit({ op: 'reinforce', id: full.id }, user)).toMatchObject({ status: 'noop', reason: `memory ${full.id} is already at full confidence` });
    const partial = await stored('fact', { confidence: 0.5 });
    expect(await ctx.gate.submit({ op: 'reinforce', id: partial.id }, user)).toMatchObject({ status: 'committed', decision: 'REINFORCE' });
    const global = await stored('fact', { scope: 'global' });
    expect(await ctx.gate.submit({ op: 'promote', id: global.id }, user)).toMatchObject({ status: 'noop', reason: `memory ${global.id} is already global` });
    expect(await ctx.gate.submit({ op: 'promote', id: partial.id }, user)).toMatchObject({ status: 'pending', decision: 'PROMOTE', policyMatched: 'review-promote-to-global' });
  });

  it('refuses a change that touches a scope the actor may not write: the record, a replacement or global', async () => {
    const own = await stored();
    const other = await stored('fact', { scope: 'project:elsewhere' });
    const scoped: Actor = { id: 'scoped-agent', kind: 'agent', allowedScopes: ['project:l2'] };
    expect(await ctx.gate.submit({ op: 'archive', id: other.id }, scoped)).toMatchObject({
      status: 'rejected', code: 'SCOPE_DENIED', reason: 'rejected (SCOPE_DENIED): actor scoped-agent may not write to scope project:elsewhere',
    });
    const replacement = { type: 'fact', content: 'A replacement in another project', scope: 'project:elsewhere' };
    expect(await ctx.gate.submit({ op: 'supersede', id: own.id, replacement }, scoped)).toMatchObject({ status: 'rejected', code: 'SCOPE_DENIED' });
    expect(await ctx.gate.submit({ op: 'promote', id: own.id }, scoped)).toMatchObject({ status: 'rejected', code: 'SCOPE_DENIED', reason: expect.stringContaining('scope global') });
    expect(await ctx.gate.submit({ op: 'archive', id: own.id }, scoped)).toMatchObject({ status: 'committed' });
  });

  it('matches the policy on the replacement type and the new impact', async () => {
    const fact = await stored();
    // A supersede to a belief is a belief change: the policy queues it.
    const toBelief = await ctx.gate.submit({ op: 'supersede', id: fact.id, replacement: { type: 'belief', content: 'The kestrel deploy is probably safe', scope: 'project:l2' } }, agent);
    expect(toBelief).toMatchObject({ status: 'pending', policyMatched: 'review-belief-changes' });
    const decision = await stored('decision', { metadata: { impact: 'low' } });
    const raised = await ctx.gate.submit({ op: 'supersede', id: decision.id, replacement: { type: 'decision', content: 'Deploy kestrel on Tuesdays', scope: 'project:l2', metadata: { impact: 'High' } } }, agent);
    expect(raised).toMatchObject({ status: 'pending', policyMatched: 'review-high-impact-decisions' });
    // The stored impact counts when the replacement names none.
    const high = await stored('decision', { metadata: { impact: 'high' } }, user);
    const kept = await ctx.gate.submit({ op: 'supersede', id: high.id, replacement: { type: 'decision', content: 'Deploy kestrel on Wednesdays', scope: 'project:l2' } }, agent);
    expect(kept).toMatchObject({ status: 'pending', policyMatched: 'review-high-impact-decisions' });
  });
});

describe.each(testBackends)('the policy context of a change to a stored record on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it("matches an update on the impact it sets, else the stored one, and logs an unknown record's refusal under no scope", async () => {
    const gate = gateFor(ctx.handle, {
      policy: {
        ...DEFAULT_POLICY,
        rules: [{ name: 'review-high-impact-updates', match: { op: ['update'], impact: ['high'] }, action: 'queue' }, { name: 'auto-rest', match: {}, action: 'auto' }],
      },
    });
    const created = async (impact: string) => (await gate.submit({ op: 'create', type: 'fact', content: `The kestrel ${impact} impact record`, scope: 'project:ctx', metadata: { impact } }, user)).record!;
    const low = await created('low');
    expect(await gate.submit({ op: 'update', id: low.id, patch: { metadata: { impact: 'High' } } }, user)).toMatchObject({ status: 'pending', policyMatched: 'review-high-impact-updates' });
    expect(await gate.submit({ op: 'update', id: low.id, patch: { tags: ['kestrel'] } }, user)).toMatchObject({ status: 'committed', policyMatched: 'auto-rest' });
    const high = await created('high');
    expect(await gate.submit({ op: 'update', id: high.id, patch: { tags: ['kestrel'] } }, user)).toMatchObject({ status: 'pending', policyMatched: 'review-high-impact-updates' });
    expect(await gate.submit({ op: 'update', id: high.id, patch: { metadata: { impact: 'low' } } }, user)).toMatchObject({ status: 'committed', policyMatched: 'auto-rest' });

    const missing = await gate.submit({ op: 'archive', id: MISSING }, user);
    expect(missing).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    const row = await sql<{ scope: string; operation: string }>`SELECT scope, operation FROM gate_requests WHERE id = ${missing.requestId}::uuid`.execute(ctx.handle.db);
    expect(row.rows).toEqual([{ scope: 'unknown', operation: 'archive' }]);
  });
});

describe.each(testBackends)('the judge: policy verdicts and near duplicates on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  const policy = (over: Partial<GatePolicy>): GatePolicy => ({ ...DEFAULT_POLICY, ...over });

  it('rejects, queues or commits as the first matching rule says, and names it in the reason', async () => {
    const gate = gateFor(ctx.handle, {
      policy: policy({
        rules: [
          { name: 'no-agent-tasks', match: { type: ['task'], actorKind: ['agent'] }, action: 'reject' },
          { name: 'review-preferences', match: { type: ['preference'] }, action: 'queue' },
          { name: 'auto-rest', match: {}, action: 'auto' },
        ],
      }),
    });
    expect(await gate.submit({ op: 'create', type: 'task', content: 'Rotate the kestrel keys', scope: 'project:j' }, agent)).toMatchObject({
      status: 'rejected', decision: 'REJECT', code: 'POLICY_REJECTED', policyMatched: 'no-agent-tasks',
      reason: 'rejected (POLICY_REJECTED): policy rule no-agent-tasks rejects this request',
    });
    expect(await gate.submit({ op: 'create', type: 'preference', content: 'Prefers tabs in kestrel code', scope: 'project:j' }, agent)).toMatchObject({
      status: 'pending', decision: 'ADD', policyMatched: 'review-preferences',
      reason: 'queued for review by policy review-preferences: new record: no duplicate or conflict in scope',
    });
    expect(await gate.submit({ op: 'create', type: 'task', content: 'Rotate the kestrel keys', scope: 'project:j' }, user)).toMatchObject({
      status: 'committed', decision: 'ADD', policyMatched: 'auto-rest',
      reason: 'auto-approved by policy auto-rest: new record: no duplicate or conflict in scope',
    });
  });

  it('answers a near duplicate as the policy says: noop, update in place, or flag for review', async () => {
    const text = 'The kestrel billing service deploys every Friday from the release branch at noon';
    const near = 'The kestrel billing service deploys every Friday from the release branch at noon UTC';
    const base = await ctx.gate.submit({ op: 'create', type: 'fact', content: text, scope: 'project:nd' }, user);
    const id = base.record?.id;

    const noop = gateFor(ctx.handle, { policy: policy({ nearDuplicate: { threshold: 0.9, action: 'noop' } }) });
    const n1 = await noop.submit({ op: 'create', type: 'fact', content: near, scope: 'project:nd' }, user);
    expect(n1).toMatchObject({ status: 'noop', decision: 'NOOP', duplicateOf: id });
    expect(n1.flags).toBeUndefined();
    expect(n1.reason).toMatch(new RegExp(`^near duplicate of ${id} \\(token Jaccard 0\\.9\\d >= 0\\.9\\)$`));

    const update = gateFor(ctx.handle, { policy: policy({ nearDuplicate: { threshold: 0.9, action: 'update' } }) });
    const u1 = await update.submit({ op: 'create', type: 'fact', content: near, scope: 'project:nd' }, user);
    expect(u1).toMatchObject({ status: 'committed', decision: 'UPDATE', duplicateOf: id, record: { id, version: 2, content: near } });
    expect(u1.reason).toMatch(/: updating it instead$/);
    expect(u1.flags).toBeUndefined();

    // A queued update of a near duplicate is stored as that update once a reviewer approves it.
    const belief = await ctx.gate.submit({ op: 'create', type: 'belief', content: text, scope: 'project:nd2' }, user);
    const beliefId = (await ctx.gate.approve(belief.requestId, 'reviewer')).record?.id;
    const queued = await update.submit({ op: 'create', type: 'belief', content: near, scope: 'project:nd2' }, user);
    expect(queued).toMatchObject({ status: 'pending', decision: 'UPDATE', duplicateOf: beliefId });
    expect(await update.approve(queued.requestId, 'reviewer')).toMatchObject({ status: 'committed', decision: 'UPDATE', record: { id: beliefId, version: 2, content: near } });

    // Below the threshold it is a new record.
    const strict = gateFor(ctx.handle, { policy: policy({ nearDuplicate: { threshold: 0.99, action: 'noop' } }) });
    expect(await strict.submit({ op: 'create', type: 'fact', content: `${near} sharp`, scope: 'project:nd' }, user)).toMatchObject({ status: 'committed', decision: 'ADD' });
  });

  it('flags a near duplicate of an immutable record for review even when the policy would update', async () => {
    const text = 'Episode: the kestrel cluster failed over to the standby region during the drill';
    const base = await ctx.gate.submit({ op: 'create', type: 'episode', content: text, scope: 'project:ep' }, user);
    const update = gateFor(ctx.handle, { policy: policy({ nearDuplicate: { threshold: 0.9, action: 'update' } }) });
    const out = await update.submit({ op: 'create', type: 'episode', content: `${text} today`, scope: 'project:ep' }, user);
    expect(out).toMatchObject({ status: 'pending', decision: 'ADD', flags: ['near_duplicate'], duplicateOf: base.record?.id, policyMatched: 'review-flagged' });
    expect(out.reason).toMatch(/: flagged for review$/);
  });
});

describe.each(testBackends)('Layer 2 on new records on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  const create = (content: string, scope: string, extra: Record<string, unknown> = {}) => ctx.gate.submit({ op: 'create', type: 'fact', content, scope, ...extra }, user);
  const similarEdges = async (id: string) => (await sql<{ other: string; weight: number }>`
    SELECT CASE WHEN src_id = ${id}::uuid THEN dst_id ELSE src_id END AS other, weight FROM memory_edges
     WHERE kind = 'similar_to' AND (src_id = ${id}::uuid OR dst_id = ${id}::uuid) ORDER BY weight DESC`.execute(ctx.handle.db)).rows.map((r) => ({ ...r, weight: Number(r.weight) }));

  it('names the record an exact duplicate repeats', async () => {
    const first = await create('Kestrel invoices are archived after ninety days', 'project:exact');
    const again = await create('Kestrel invoices are archived after ninety days', 'project:exact');
    expect(again).toMatchObject({
      status: 'noop', duplicateOf: first.record?.id, reason: `exact duplicate of ${first.record?.id} (same content hash in project:exact)`,
    });
    expect(again.flags).toBeUndefined();
  });

  it('links a new record to its three closest neighbours, each weight its Jaccard to three decimals', async () => {
    const text = 'kestrel billing service deploys friday release branch noon';
    // Each neighbour holds all 8 words plus k of its own: Jaccard 8/(8+k), below the 0.9 near-duplicate
    // threshold, and every candidate search of the new text finds it whichever word it searches by.
    // Their own words differ, so no neighbour is a near duplicate of another either.
    const extra = ['alpha', 'bravo charlie', 'delta echoes foxtrot', 'golfer hotel india juliet'];
    const ids: string[] = [];
    for (const own of extra) ids.push((await create(`${text} ${own}`, 'project:nb')).record?.id as string);
    const added = await create(text, 'project:nb');
    expect(added).toMatchObject({ status: 'committed', decision: 'ADD', reason: 'auto-approved by policy auto-low-risk-types: new record: no duplicate or conflict in scope' });
    expect(added.flags).toBeUndefined();
    // 8/9, 8/10, 8/11: the fourth (8/12) is left out.
    expect(await similarEdges(added.record?.id as string)).toEqual([{ other: ids[0], weight: 0.889 }, { other: ids[1], weight: 0.8 }, { other: ids[2], weight: 0.727 }]);
  });

  it('links the closest neighbours whatever order they were stored in', async () => {
    const text = 'osprey billing service deploys friday release branch noon';
    const extra = ['golfer hotel india juliet', 'delta echoes foxtrot', 'bravo charlie', 'alpha'];
    const ids: string[] = [];
    for (const own of extra) ids.push((await create(`${text} ${own}`, 'project:nb2')).record?.id as string);
    const added = await create(text, 'project:nb2');
    expect(await similarEdges(added.record?.id as string)).toEqual([{ other: ids[3], weight: 0.889 }, { other: ids[2], weight: 0.8 }, { other: ids[1], weight: 0.727 }]);
  });

  it('links a neighbour at a Jaccard of exactly 0.5, and none below it', async () => {
    const text = 'heron billing service deploys friday release branch noon';
    const atHalf = (await create(`${text} one two three four five six seven eight`, 'project:nb3')).record?.id as string;
    await create(`${text} ein zwei drei vier fuenf sechs sieben acht neun`, 'project:nb3');
    const added = await create(text, 'project:nb3');
    expect(await similarEdges(added.record?.id as string)).toEqual([{ other: atHalf, weight: 0.5 }]);
  });

  it('names the record a new one may contradict, never its text', async () => {
    const yes = await create('The kestrel gateway uses mutual TLS for partner traffic', 'project:cf');
    const no = await create('The kestrel gateway does not use mutual TLS for partner traffic', 'project:cf');
    expect(no).toMatchObject({ status: 'pending', flags: ['possible_conflict'] });
    expect(no.reason).toBe(`queued for review by policy review-flagged: possible contradiction with ${yes.record?.id}: same statement, opposite polarity`);
  });

  it('keeps an explicit link weight, and refuses a link to a forgotten record of the scope', async () => {
    const target = (await create('Kestrel audit logs are kept for seven years', 'project:lk')).record?.id as string;
    const linked = await create('Kestrel access reviews run every quarter', 'project:lk', { links: [{ kind: 'supports', target, weight: 0.25 }] });
    const rows = await sql<{ weight: number }>`SELECT weight FROM memory_edges WHERE src_id = ${linked.record?.id}::uuid AND kind = 'supports'`.execute(ctx.handle.db);
    expect(rows.rows.map((r) => Number(r.weight))).toEqual([0.25]);
    await ctx.gate.submit({ op: 'forget', id: target, reason: 'asked' }, user);
    expect(await create('Kestrel access reviews run every month', 'project:lk', { links: [{ kind: 'supports', target }] })).toMatchObject({
      status: 'rejected', code: 'INVALID_STATE', reason: `rejected (INVALID_STATE): link target ${target} is forgotten`,
    });
  });
});
