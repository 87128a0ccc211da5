import type { Candidate } from './gather-candidates.js';
import { rankCandidates, type RankContext } from './rank-candidates.js';
import { pipelineNow, stateOf } from './record-state.fixture.js';
import type { RecordState } from './record-state.query.js';
import { DEFAULT_RETRIEVAL_DEFAULTS, normalizeRetrieveQuery, type NormalizedRetrieveQuery } from './retrieve-query.js';

const query = (over: Record<string, unknown> = {}): NormalizedRetrieveQuery =>
  normalizeRetrieveQuery({ text: 'x', scopes: ['global'], ...over } as never, DEFAULT_RETRIEVAL_DEFAULTS);
const ctx: RankContext = { now: pipelineNow, halfLifeDays: () => 30, embeddingModel: 'model-a' };
const statesOf = (...states: RecordState[]) => new Map(states.map((s) => [s.record.id, s]));
const candidate = (id: string, semantic = 0.5, over: Partial<Candidate> = {}): Candidate => ({ id, semantic, ...over });
const rankedIds = (r: ReturnType<typeof rankCandidates>) => r.ranked.map((e) => e.candidate.id);

describe(rankCandidates.name, () => {
  it('ranks by the blended score, ties by id, and reads each id once', () => {
    const states = statesOf(stateOf('c'), stateOf('a'), stateOf('b'), stateOf('d'));
    const r = rankCandidates([candidate('c'), candidate('d', 0.9), candidate('a'), candidate('b'), candidate('c', 0.99)], states, query(), ctx);
    expect(rankedIds(r)).toEqual(['d', 'a', 'b', 'c']);
    expect(r.ranked.find((e) => e.candidate.id === 'c')?.candidate.semantic).toBe(0.5);
    expect(r.excluded).toEqual([]);
  });

  it('lets access break a near-tie when few candidates were read lately, and not when most were (ADR-0043)', () => {
    const justRead = { accessedAt: pipelineNow };
    // One of four read a minute ago: it earns 3/4 of the access credit, enough to pass a slightly better match.
    const few = statesOf(stateOf('read', justRead), stateOf('better'), stateOf('c'), stateOf('d'));
    const nearTie = [candidate('better', 0.625), candidate('read', 0.6), candidate('c', 0.2), candidate('d', 0.1)];
    expect(rankedIds(rankCandidates(nearTie, few, query(), ctx)).slice(0, 2)).toEqual(['read', 'better']);
    // Every candidate but the better match read lately: access tells them apart no more, relevance decides.
    const most = statesOf(stateOf('read', justRead), stateOf('better'), stateOf('c', justRead), stateOf('d', justRead));
    expect(rankedIds(rankCandidates(nearTie, most, query(), ctx)).slice(0, 2)).toEqual(['better', 'read']);
  });

  it('excludes what validation refuses, naming the replacement of a superseded record', () => {
    const states = statesOf(stateOf('old', { status: 'superseded', supersededBy: 'new' }), stateOf('gone', { status: 'superseded' }), stateOf('x', { scope: 'project:x' }));
    const r = rankCandidates([candidate('old'), candidate('gone'), candidate('x'), candidate('missing')], states, query(), ctx);
    expect(r.ranked).toEqual([]);
    expect(r.excluded).toEqual([
      { id: 'old', reason: 'superseded', relatedId: 'new' },
      { id: 'gone', reason: 'superseded' },
      { id: 'x', reason: 'out_of_scope' },
      { id: 'missing', reason: 'orphan' },
    ]);
  });

  it('excludes what has decayed below the minimum confidence', () => {
    const states = statesOf(stateOf('weak', { confidence: 0.05 }), stateOf('ok'));
    const r = rankCandidates([candidate('weak'), candidate('ok')], states, query({ minConfidence: 0.1 }), ctx);
    expect(rankedIds(r)).toEqual(['ok']);
    expect(r.excluded).toEqual([{ id: 'weak', reason: 'below_min_confidence' }]);
  });

  it("applies outcome feedback's half-life factor when there is one", () => {
    const old = stateOf('a', { updatedAt: new Date('2026-05-02T00:00:00Z') });
    const plain = rankCandidates([candidate('a')], statesOf(old), query(), ctx).ranked[0]!.signals.effectiveConfidence;
    const longer = rankCandidates([candidate('a')], statesOf(old), query(), { ...ctx, halfLifeFactor: (id) => (id === 'a' ? 4 : 1) }).ranked[0]!.signals.effectiveConfidence;
    expect(longer).toBeGreaterThan(plain);
  });

  it("applies the query's filters to graph neighbours only (search already applied them to its hits)", () => {
    const states = statesOf(
      stateOf('hit', { type: 'episode', tags: [] }),
      stateOf('typed', { type: 'episode', tags: ['ops'] }),
      stateOf('untagged', { type: 'fact', tags: ['dev'] }),
      stateOf('early', { type: 'fact', tags: ['ops'], createdAt: new Date('2026-01-01T00:00:00Z') }),
      stateOf('late', { type: 'fact', tags: ['ops'], createdAt: new Date('2026-05-20T00:00:00Z') }),
      stateOf('fits', { type: 'fact', tags: ['dev', 'ops'], createdAt: new Date('2026-03-01T00:00:00Z') }),
    );
    const via = { expandedFrom: 'hit' };
    const q = query({ types: ['fact'], tags: ['ops'], createdAfter: new Date('2026-02-01T00:00:00Z'), createdBefore: new Date('2026-05-20T00:00:00Z') });
    const r = rankCandidates(
      [candidate('hit', 0.9), candidate('typed', 0.5, via), candidate('untagged', 0.5, via), candidate('early', 0.5, via), candidate('late', 0.5, via), candidate('fits', 0.5, via)],
      states, q, ctx,
    );
    expect(rankedIds(r)).toEqual(['hit', 'fits']);
    expect(r.excluded).toEqual([]);
  });

  it('keeps a neighbour created exactly at createdAfter', () => {
    const states = statesOf(stateOf('hit'), stateOf('edge', { createdAt: new Date('2026-02-01T00:00:00Z') }));
    const r = rankCandidates([candidate('hit', 0.9), candidate('edge', 0.5, { expandedFrom: 'hit' })], states, query({ createdAfter: new Date('2026-02-01T00:00:00Z') }), ctx);
    expect(rankedIds(r)).toEqual(['hit', 'edge']);
  });

  it("collapses near-duplicates by this model's vectors, but never two statements that contradict", () => {
    const v = [0.1, 0.2, 0.3];
    const states = statesOf(
      stateOf('a', { content: 'we enabled the cache on the replicas', embeddingModel: 'model-a', confidence: 0.9 }, { embedding: v }),
      stateOf('b', { content: 'the cache is enabled on the replicas', embeddingModel: 'model-a', confidence: 0.5 }, { embedding: v }),
      stateOf('c', { content: 'we disabled the cache on the replicas', embeddingModel: 'model-a', confidence: 0.9 }, { embedding: v }),
      stateOf('d', { content: 'replicas run the cache', embeddingModel: 'model-old', confidence: 0.9 }, { embedding: v }),
    );
    const r = rankCandidates([candidate('a', 0.9), candidate('b', 0.8), candidate('c', 0.7), candidate('d', 0.6)], states, query(), ctx);
    expect(rankedIds(r)).toEqual(['a', 'c', 'd']);
    expect(r.excluded).toEqual([{ id: 'b', reason: 'near_duplicate', relatedId: 'a' }]);
  });
});
