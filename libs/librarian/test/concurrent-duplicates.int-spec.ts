import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { gateFor, useGateDatabase, user } from './gate-fixtures.js';

/*
 * Issue 17: ten clients storing the same content in one scope at the same moment made up to ten
 * records (Layer 2 reads before it writes). One active record per (scope, content) is now a
 * unique index, and the losers of the race get the answer a sequential store gets: NOOP,
 * duplicate_of the winner. Several gates stand for several server processes (each has its own
 * group commit); two requests per gate also exercise a shared batch.
 */
describe.each(testBackends)('concurrent identical stores on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it.each([1, 2, 3])('round %i: ten concurrent stores give one record and nine duplicate_of answers', async (round) => {
    const gates = Array.from({ length: 5 }, () => gateFor(ctx.handle));
    const content = `Round ${round}: the release train leaves every second Tuesday at 09:00`;
    const outcomes = await Promise.all(gates.flatMap((g) => [0, 1].map(() =>
      g.submit({ op: 'create', type: 'fact', content, scope: 'project:race' }, user))));
    const committed = outcomes.filter((o) => o.status === 'committed');
    expect(committed).toHaveLength(1);
    const winner = committed[0]?.record?.id;
    const others = outcomes.filter((o) => o.status !== 'committed');
    expect(others.map((o) => [o.status, o.duplicateOf])).toEqual(Array.from({ length: 9 }, () => ['noop', winner]));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM memories WHERE scope = 'project:race' AND content = ${content}`.execute(ctx.handle.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses an update that would make a second active record with the same content, with a clear code', async () => {
    const gate = gateFor(ctx.handle);
    await gate.submit({ op: 'create', type: 'fact', content: 'The cache TTL is 300 seconds', scope: 'project:race' }, user);
    const other = await gate.submit({ op: 'create', type: 'fact', content: 'The queue holds 1000 jobs at most', scope: 'project:race' }, user);
    const out = await gate.submit({ op: 'update', id: other.record?.id as string, patch: { content: 'The cache TTL is 300 seconds' } }, user);
    expect(out.status).not.toBe('committed');
    expect(out.code === 'INVALID_STATE' || out.status === 'noop').toBe(true);
  });
});
