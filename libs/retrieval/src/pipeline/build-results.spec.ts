import { buildResults } from './build-results.js';
import type { RankedEntry } from './rank-candidates.js';
import { stateOf } from './record-state.fixture.js';
import type { RecordState } from './record-state.query.js';

const entry = (state: RecordState, over: Partial<RankedEntry['candidate']> = {}): RankedEntry => ({
  candidate: { id: state.record.id, semantic: 0.8, ...over }, state, final: 0.8,
  signals: { semantic: 0.8, recency: 1, access: 0, effectiveConfidence: 0.9 },
});

describe(buildResults.name, () => {
  it('marks only the two records of a contradiction, each naming the other', () => {
    const { memories, contradictions } = buildResults([
      entry(stateOf('a', { content: 'we enabled the cache on the replicas' })),
      entry(stateOf('b', { content: 'the invoices are sent on mondays' })),
      entry(stateOf('c', { content: 'we disabled the cache on the replicas' })),
    ], new Map(), ['global']);
    expect(contradictions.map((c) => c.ids)).toEqual([['a', 'c']]);
    const reason = contradictions[0]!.reason;
    expect(memories.map((m) => m.issues)).toEqual([
      [{ code: 'contradicted', message: `contradicts c: ${reason}`, relatedIds: ['c'] }],
      [],
      [{ code: 'contradicted', message: `contradicts a: ${reason}`, relatedIds: ['a'] }],
    ]);
  });

  it('says which search hit a graph neighbour came from, and only for neighbours', () => {
    const { memories } = buildResults([entry(stateOf('a')), entry(stateOf('b'), { expandedFrom: 'a' })], new Map(), ['global']);
    expect(memories.map((m) => Object.prototype.hasOwnProperty.call(m, 'expandedFrom'))).toEqual([false, true]);
    expect(memories[1]!.expandedFrom).toBe('a');
  });

  it('flags a record derived from a stale source for review', () => {
    const { memories, flags } = buildResults([entry(stateOf('a', {}, { derivedFrom: ['s'] }))],
      new Map([['s', { id: 's', status: 'invalidated' as const, supersededBy: null, scope: 'global' }]]), ['global']);
    expect(flags).toEqual([{ memoryId: 'a', causeId: 's', causeStatus: 'invalidated', reason: 'derived from an invalidated record' }]);
    expect(memories[0]!.issues.map((i) => i.code)).toEqual(['derived_from_stale']);
  });
});
