import { testBackends } from '../../../tools/test/backends.js';
import { counts, useGateDatabase, user } from './gate-fixtures.js';

/*
 * Issue 17, item 5: inputs that answered INTERNAL_ERROR "retry" although the caller's input was at
 * fault. Each now answers INVALID_REQUEST with what is wrong and where, and writes nothing.
 */
function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i++) v = { d: v };
  return v;
}

describe.each(testBackends)('bad input answers a specific error and writes nothing on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  let id: string;

  beforeAll(async () => {
    id = (await ctx.gate.submit({ op: 'create', type: 'fact', content: 'A record to aim updates at', scope: 'project:bad' }, user)).record?.id as string;
  });

  it.each([
    ['NUL in content', { op: 'create', type: 'fact', content: 'a\u0000b', scope: 'project:bad' }, /NUL/],
    ['NUL in a metadata value', { op: 'create', type: 'fact', content: 'ok', scope: 'project:bad', metadata: { k: 'a\u0000' } }, /NUL/],
    ['NUL in a metadata key', { op: 'create', type: 'fact', content: 'ok', scope: 'project:bad', metadata: { ['k\u0000']: 1 } }, /key.*NUL/],
    ['NUL in a scope', { op: 'create', type: 'fact', content: 'ok', scope: 'project:b\u0000ad' }, /NUL/],
    ['lone high surrogate', { op: 'create', type: 'fact', content: 'broken \uD83D text', scope: 'project:bad' }, /surrogate/],
    ['lone low surrogate in metadata', { op: 'create', type: 'fact', content: 'ok', scope: 'project:bad', metadata: { k: '\uDE00' } }, /surrogate/],
    ['metadata nested 5,000 deep', { op: 'create', type: 'fact', content: 'deep', scope: 'project:bad', metadata: nested(5000) }, /nested deeper than 32/],
    ['year 0000', { op: 'create', type: 'fact', content: 'old', scope: 'project:bad', validFrom: '0000-01-01T00:00:00Z' }, /between years 0001 and 9999/],
  ])('%s', async (_name, request, message) => {
    const before = await counts(ctx.handle.db);
    const out = await ctx.gate.submit(request as never, user);
    expect(out).toMatchObject({ status: 'rejected', code: 'INVALID_REQUEST' });
    expect(out.reason).toMatch(message);
    expect(await counts(ctx.handle.db)).toEqual(before);
  });

  it('refuses a NUL in a reason and a version of 2^31 the same way', async () => {
    const before = await counts(ctx.handle.db);
    const reason = await ctx.gate.submit({ op: 'archive', id, reason: 'why\u0000' }, user);
    expect(reason).toMatchObject({ status: 'rejected', code: 'INVALID_REQUEST' });
    const version = await ctx.gate.submit({ op: 'update', id, expectedVersion: 2 ** 31, patch: { content: 'x' } }, user);
    expect(version).toMatchObject({ status: 'rejected', code: 'INVALID_REQUEST' });
    expect(version.reason).toMatch(/2147483647/);
    expect(await counts(ctx.handle.db)).toEqual(before);
  });
});
