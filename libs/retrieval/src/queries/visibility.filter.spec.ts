import type { CompiledQuery } from 'kysely';
import { compileOnlyDb as db, fixtureNow as now, plainFilter as plain } from './compile-only.fixture.js';
import { visibleTo, type VisibilityFilter } from './visibility.filter.js';

/*
 * The shared WHERE of every search, read as "which column is compared with which value": the SQL
 * text is pinned by search.sql.snapshot, the values each comparison binds are checked here.
 * Compile-only kysely (its documented DummyDriver): the integration specs run it on a database.
 */

const compile = (f: VisibilityFilter) => db.selectFrom('memories').select('memories.id').$call(visibleTo(f)).compile();

/** The values bound right after `comparison` (e.g. `memories.scope = ANY(`), in order. */
function bound(q: CompiledQuery, comparison: string): unknown[] {
  const values: unknown[] = [];
  let at = q.sql.indexOf(comparison);
  while (at >= 0) {
    const param = /^\s*\$(\d+)/.exec(q.sql.slice(at + comparison.length));
    if (param) values.push(q.parameters[Number(param[1]) - 1]);
    at = q.sql.indexOf(comparison, at + 1);
  }
  return values;
}

describe('visibleTo: the values each check compares with', () => {
  it('keeps to the caller\'s scopes and to active, unarchived memories valid now', () => {
    const q = compile(plain);
    expect(bound(q, 'memories.scope = ANY(')).toEqual([['global', 'project:x']]);
    expect(bound(q, 'memories.status = ANY(')).toEqual([['active']]);
    expect(bound(q, '"memories"."archived" =')).toEqual([false]);
    expect(bound(q, '"memories"."valid_from" <=')).toEqual([now]);
    expect(bound(q, '"memories"."valid_to" >')).toEqual([now]);
    // An archived row's closed validity is excused only when archived memories were asked for.
    expect(bound(q, "(memories.status = 'archived' AND")).toEqual([false]);
  });

  it('adds archived memories, whatever their end of validity, only when asked', () => {
    const q = compile({ ...plain, includeArchived: true });
    expect(bound(q, 'memories.status = ANY(')).toEqual([['active', 'archived']]);
    expect(bound(q, '"memories"."archived" =')).toEqual([]);
    expect(bound(q, "(memories.status = 'archived' AND")).toEqual([true]);
  });

  it('binds each optional filter to its own column, from-dates inclusive and to-dates exclusive', () => {
    const after = new Date('2025-06-01T00:00:00Z');
    const before = new Date('2025-12-01T00:00:00Z');
    const q = compile({ ...plain, types: ['fact'], tags: ['db'], minConfidence: 0.5, createdAfter: after, createdBefore: before });
    expect(bound(q, 'memories.type = ANY(')).toEqual([['fact']]);
    expect(bound(q, 'memories.tags &&')).toEqual([['db']]);
    expect(bound(q, '"memories"."confidence" >=')).toEqual([0.5]);
    expect(bound(q, '"memories"."created_at" >=')).toEqual([after]);
    expect(bound(q, '"memories"."created_at" <')).toEqual([before]);
  });

  it('leaves out every optional filter that is not set', () => {
    const q = compile(plain);
    for (const column of ['memories.type', 'memories.tags', '"memories"."confidence"', '"memories"."created_at"']) {
      expect(q.sql).not.toContain(column);
    }
    expect(compile({ ...plain, validWithin: [] }).sql).toBe(q.sql);
  });

  it('keeps a memory whose valid_from lies in any of the named windows, each [from, to)', () => {
    const march = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-04-01T00:00:00Z') };
    const june = { from: new Date('2025-06-01T00:00:00Z'), to: new Date('2025-07-01T00:00:00Z') };
    const q = compile({ ...plain, validWithin: [march, june] });
    expect(bound(q, '"memories"."valid_from" >=')).toEqual([march.from, june.from]);
    expect(bound(q, '"memories"."valid_from" <')).toEqual([march.to, june.to]);
    expect(q.sql).toMatch(/\("memories"\."valid_from" >= \$\d+ and "memories"\."valid_from" < \$\d+\) or \("memories"\."valid_from" >= \$\d+ and "memories"\."valid_from" < \$\d+\)/);
  });
});
