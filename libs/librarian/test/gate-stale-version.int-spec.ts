import { testBackends } from '../../../tools/test/backends.js';
import { agent, useGateDatabase, user } from './gate-fixtures.js';

/*
 * Issue 36, T3-24: Layer 2 refuses a stale expected version BEFORE the policy can queue the
 * request. A hand-made bug in decision-existing.ts (`!==` -> `>`) passed every test: an agent's
 * forget (queued for review by policy) with an older expected version ended `pending`, to be
 * approved later against a record its author never saw.
 */
describe.each(testBackends)('a stale expected version on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('T3-24 ends a forget with a stale expected version as VERSION_CONFLICT, not pending', async () => {
    const created = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The staging VPN key rotates monthly', scope: 'project:s' }, user);
    const id = created.record?.id as string;
    expect((await ctx.gate.submit({ op: 'update', id, expectedVersion: 1, patch: { tags: ['vpn'] } }, user)).status).toBe('committed');
    for (const expectedVersion of [1, 3]) {
      const out = await ctx.gate.submit({ op: 'forget', id, expectedVersion }, agent);
      expect(out).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
    }
    expect((await ctx.gate.listRequests({ status: 'pending' })).items).toEqual([]);
    expect((await ctx.reader.get(id)).status).toBe('active');
  });
});
