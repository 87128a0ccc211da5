import type { ConsolidationCandidate } from './consolidation-candidate.js';
import { toCandidate } from './consolidation-candidate.js';
import { compressGroup, compressionNumbers, stableUuid } from './compress-group.js';
import { consolidationRuleOf, planConsolidation } from './plan-consolidation.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);
let n = 0;

function ev(entity: string | string[], dayOffset: number, extra: Partial<ConsolidationCandidate> = {}): ConsolidationCandidate {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, version: 1, scope: 'project:p', type: 'episode', content: `event ${n}`,
    at: new Date(T0 + dayOffset * DAY), eventType: 'purchase', entities: [entity].flat(), ...extra,
  };
}

describe('planConsolidation (seed 003 2.4: 5+ events, same entity and type, within 7 days)', () => {
  it('groups five events of one entity within 7 days, not four', () => {
    expect(planConsolidation([0, 1, 2, 3].map((d) => ev('user:a', d)))).toEqual([]);
    const groups = planConsolidation([0, 1, 2, 3, 4].map((d) => ev('user:a', d)));
    expect(groups).toHaveLength(1);
    expect(groups[0]?.events).toHaveLength(5);
    expect(groups[0]).toMatchObject({ entity: 'user:a', eventType: 'purchase', scope: 'project:p', type: 'episode' });
  });

  it('respects the 7-day window: five events over 8+ days do not compress', () => {
    expect(planConsolidation([0, 2, 4, 6, 8].map((d) => ev('user:a', d)))).toEqual([]);
    expect(planConsolidation([0, 2, 4, 6, 7].map((d) => ev('user:a', d)))).toHaveLength(1);
  });

  it('slides the window past a lone early event', () => {
    const groups = planConsolidation([-20, 0, 1, 2, 3, 4].map((d) => ev('user:a', d)));
    expect(groups).toHaveLength(1);
    expect(groups[0]?.events.map((e) => e.at.getTime())).toEqual([0, 1, 2, 3, 4].map((d) => T0 + d * DAY));
  });

  it('never mixes entities, event types, memory types or scopes', () => {
    const mixed = [
      ...[0, 1, 2].map((d) => ev('user:a', d)), ...[3, 4].map((d) => ev('user:b', d)),
      ...[0, 1, 2, 3, 4].map((d, i) => ev('user:c', d, i % 2 ? { eventType: 'refund' } : {})),
      ...[0, 1, 2, 3, 4].map((d, i) => ev('user:d', d, i % 2 ? { scope: 'project:q' } : {})),
      ...[0, 1, 2, 3, 4].map((d, i) => ev('user:e', d, i % 2 ? { type: 'task' } : {})),
    ];
    expect(planConsolidation(mixed)).toEqual([]);
  });

  it('puts an event about two entities into one group only, the stronger pattern first', () => {
    const shared = [0, 1, 2, 3, 4].map((d) => ev(['user:a', 'item:x'], d));
    const moreX = [5, 5.5].map((d) => ev('item:x', d));
    const groups = planConsolidation([...shared, ...moreX]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.entity).toBe('item:x');
    expect(groups[0]?.events).toHaveLength(7);
  });

  it('caps a group at maxSources and splits the rest into further groups', () => {
    const many = Array.from({ length: 12 }, (_, i) => ev('user:a', i * 0.1));
    const groups = planConsolidation(many, { minCount: 5, windowDays: 7, maxSources: 6 });
    expect(groups.map((g) => g.events.length)).toEqual([6, 6]);
  });

  it('takes count and window from the engine config (seed 003 Appendix B)', () => {
    const rule = consolidationRuleOf({ compressionMinCount: 3, compressionWindowDays: 1 });
    expect(rule).toEqual({ minCount: 3, windowDays: 1, maxSources: 32 });
    expect(planConsolidation([0, 0.5, 0.9].map((d) => ev('user:a', d)), rule)).toHaveLength(1);
    expect(planConsolidation([0, 0.5, 1.5].map((d) => ev('user:a', d)), rule)).toHaveLength(0);
  });

  it('is deterministic whatever the input order', () => {
    const events = [0, 1, 2, 3, 4, 5].map((d) => ev('user:a', d));
    const a = planConsolidation(events);
    const b = planConsolidation([...events].reverse());
    expect(b).toEqual(a);
  });
});

describe('compressGroup (seed 003 compressed format)', () => {
  const group = () => planConsolidation(['A', 'B', 'C', 'A', 'D'].map((c, i) => ev('user:x', i, { category: c, content: `User X bought item ${c} at time T${i + 1}` })))[0];

  it('writes counts, distinct categories, the time span, entity and category, plus structured metadata and derived_from links', () => {
    const g = group();
    if (!g) throw new Error('no group');
    const c = compressGroup(g);
    expect(c.content).toBe(
      `x purchase [count: 5, distinct: 4, categories: A, B, C, D] within [start_time: ${new Date(T0).toISOString()}, end_time: ${new Date(T0 + 4 * DAY).toISOString()}], entity: x, category: purchase_history.`,
    );
    expect(c.metadata['consolidation']).toMatchObject({ count: 5, distinct: 4, categories: ['A', 'B', 'C', 'D'], entity: 'user:x', category: 'purchase_history' });
    expect(c.links).toEqual(g.events.map((e) => ({ kind: 'derived_from', target: e.id })));
    expect(c.validFrom).toEqual(new Date(T0));
    expect(c.id).toBe(compressGroup(g).id); // same sources, same id
  });

  // The readable frame (two ISO timestamps, labels) costs ~150 bytes, so the byte ratio grows with the group size.
  it('lists the distinct event texts when there are no categories, and compresses repetitive data by >= 60%', () => {
    const g = planConsolidation(Array.from({ length: 20 }, (_, i) => ev('user:y', i * 0.1, { content: `User Y logged in from the office ${i % 2 ? 'laptop' : 'desktop'}` })))[0];
    if (!g) throw new Error('no group');
    const c = compressGroup(g);
    expect(c.content).toContain('categories: User Y logged in from the office desktop, User Y logged in from the office laptop]');
    const numbers = compressionNumbers(g, c);
    expect(numbers.recordRatio).toBeCloseTo(0.95);
    expect(numbers.byteRatio).toBeGreaterThanOrEqual(0.6);
  });

  it('derives a valid v4-shaped uuid', () => {
    expect(stableUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid('x')).not.toBe(stableUuid('y'));
  });
});

describe('toCandidate', () => {
  const row = (metadata: Record<string, unknown>, type = 'fact', content = 'plain text') =>
    ({ id: 'i', version: 1, scope: 'global', type, content, valid_from: new Date(T0), metadata });
  const extract = (t: string) => (t.includes('Grace Hopper') ? ['name:grace hopper'] : []);

  it('takes the engine metadata when present', () => {
    expect(toCandidate(row({ event_type: 'deploy', entities: ['svc:api'], category: 'prod' }), extract)).toMatchObject({ eventType: 'deploy', entities: ['svc:api'], category: 'prod' });
  });
  it('extracts entities from content for events without engine entities', () => {
    expect(toCandidate(row({ event_type: 'meeting' }, 'episode', 'Met Grace Hopper'), extract)).toMatchObject({ eventType: 'meeting', entities: ['name:grace hopper'] });
  });
  it('skips non-events (an explicitly stored episode included), events without entities, and consolidation results', () => {
    expect(toCandidate(row({}), extract)).toBeNull();
    expect(toCandidate(row({}, 'episode', 'Met Grace Hopper'), extract)).toBeNull();
    expect(toCandidate(row({ event_type: 'meeting' }, 'episode', 'nothing named'), extract)).toBeNull();
    expect(toCandidate(row({ event_type: 'x', entities: ['a'], consolidation: {} }), extract)).toBeNull();
  });
});
