import { randomUUID } from 'node:crypto';
import { testBackends } from '../../../tools/test/backends.js';
import { loadPolicy, type Actor } from '../src/index.js';
import { agent, gateFor, useGateDatabase, user } from './gate-fixtures.js';

/*
 * What the settle stage writes beside the record (issue 22: the commit stage's survivors): the
 * request row's target and stored actor, a no-op's pointer to the record it matched, a supersession's
 * old record in the outcome, and the rule that refused a request.
 */
describe.each(testBackends)('Gate settle stage on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('stores the actor with its allowed scopes, and a create with a chosen id targets that id', async () => {
    const scoped: Actor = { id: 'agent-scoped', kind: 'agent', allowedScopes: ['project:settle'] };
    const id = randomUUID();
    const out = await ctx.gate.submit({ op: 'create', id, type: 'belief', content: 'Scoped agents keep their scopes', scope: 'project:settle' }, scoped);
    expect(out.status).toBe('pending');
    const row = await ctx.gate.getRequest(out.requestId);
    expect(row).toMatchObject({ targetId: id, requestedBy: 'agent-scoped', operation: 'create', scope: 'project:settle' });
    expect(row.payload.actor).toEqual({ id: 'agent-scoped', kind: 'agent', allowedScopes: ['project:settle'] });
    expect((await ctx.gate.getRequest((await ctx.gate.submit({ op: 'create', type: 'belief', content: 'No chosen id here', scope: 'project:settle' }, agent)).requestId)).targetId).toBeNull();
    expect((await ctx.gate.approve(out.requestId, 'ivy')).record?.id).toBe(id);
  });

  it('points a duplicate create at the record it duplicates, in the request, the audit and the outcome', async () => {
    const first = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The staging database is called stg', scope: 'project:dup' }, user);
    const again = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The staging database is called stg', scope: 'project:dup' }, user);
    const original = first.record?.id as string;
    expect(again).toMatchObject({ status: 'noop', decision: 'NOOP', duplicateOf: original });
    expect(await ctx.gate.getRequest(again.requestId)).toMatchObject({ status: 'noop', decision: 'NOOP', resultId: original, reason: again.reason, policyMatched: null });
    expect(await ctx.gate.auditTrail(again.requestId)).toMatchObject([{ action: 'noop', decision: 'NOOP', reason: again.reason, memoryId: original }]);
  });

  it('points an update that changes nothing at its target, and answers with the record', async () => {
    const made = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Builds run on two cores', scope: 'project:same' }, user);
    const id = made.record?.id as string;
    const same = await ctx.gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content: 'Builds run on two cores' } }, user);
    expect(same).toMatchObject({ status: 'noop', decision: 'NOOP', record: { id, version: 1 } });
    expect(await ctx.gate.getRequest(same.requestId)).toMatchObject({ status: 'noop', resultId: id, targetId: id, operation: 'update' });
    expect(await ctx.gate.auditTrail(same.requestId)).toMatchObject([{ action: 'noop', memoryId: id }]);
  });

  it('answers an auto-approved supersession with the replacement and the record it replaced', async () => {
    const old = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Releases ship on Mondays', scope: 'project:sup' }, user);
    const id = old.record?.id as string;
    const out = await ctx.gate.submit({ op: 'supersede', id, replacement: { type: 'fact', content: 'Releases ship on Tuesdays', scope: 'project:sup' } }, user);
    expect(out).toMatchObject({ status: 'committed', decision: 'SUPERSEDE', record: { content: 'Releases ship on Tuesdays' }, superseded: { id, status: 'superseded' } });
    expect(await ctx.gate.getRequest(out.requestId)).toMatchObject({ status: 'committed', targetId: id, resultId: out.record?.id });
  });

  it('stores a policy refusal with the rule that refused it, in the request and its audit', async () => {
    const policy = await loadPolicy({ yaml: 'rules:\n  - name: no-skills-here\n    match: { type: skill }\n    action: reject\ndefault: auto\n' });
    const strict = gateFor(ctx.handle, { policy });
    const out = await strict.submit({ op: 'create', type: 'skill', content: 'How to rebuild the index', scope: 'project:refused' }, agent);
    expect(out).toMatchObject({ status: 'rejected', decision: 'REJECT', policyMatched: 'no-skills-here' });
    expect(await strict.getRequest(out.requestId)).toMatchObject({ status: 'rejected', decision: 'REJECT', policyMatched: 'no-skills-here', reason: out.reason, reviewer: null });
    expect(await strict.auditTrail(out.requestId)).toMatchObject([{ action: 'reject', decision: 'REJECT', policyMatched: 'no-skills-here', reason: out.reason, reviewer: null }]);
  });
});
