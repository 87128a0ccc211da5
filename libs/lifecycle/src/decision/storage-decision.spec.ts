import { DEFAULT_DECISION_CONFIG as C, resolveDecisionConfig } from './decision-config.js';
import { decayCategoryOf, decayPolicyOf } from './decay-policy.js';
import { eventTypeOf, validateEvent, type ImplicitEvent } from './implicit-event.js';
import { decide, entitiesOf, processEvent, type HistoryFacts } from './storage-decision.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 86_400_000;
const halfLives: Record<string, number> = { preference: 90, context: 1, task: 7, skill: 693, episode: 14, decision: 138 };
const ev = (over: Partial<ImplicitEvent> = {}): ImplicitEvent => ({ source: 'hook', kind: 'PostToolUse', text: 'Edited src/app.ts: added a test', ts: NOW, scope: 'project:p', ...over });
const none: HistoryFacts = { neighbours: [], entityRefs: new Map(), sameTypeStored: new Map(), linkTargets: [] };

function judge(e: ImplicitEvent, facts: HistoryFacts = none, config = C) {
  const entities = entitiesOf(e);
  return decide(processEvent(e, entities, facts, config, NOW), config.weights, decayPolicyOf(e, config, (t) => halfLives[t] ?? 138), facts, config);
}

describe('stage 1', () => {
  it('validates events with clear messages', () => {
    expect(() => validateEvent(ev({ text: '' }))).toThrow(/text/);
    expect(() => validateEvent(ev({ kind: 'has spaces' }))).toThrow(/kind/);
    expect(() => validateEvent(ev({ ts: new Date('nope') }))).toThrow(/ts/);
    expect(() => validateEvent(ev({ scope: 'team:x' }))).toThrow(/scope/);
    expect(() => validateEvent(ev({ source: 'mail' as never }))).toThrow(/source/);
    expect(() => validateEvent(ev())).not.toThrow();
  });

  it('merges entity hints (normalised) with extracted entities', () => {
    expect(entitiesOf(ev({ entities: [' User_123 '], text: 'see src/a.ts' }))).toEqual(['user_123', 'file:src/a.ts']);
    expect(entitiesOf(ev({ entities: ['  ', '', 'Acme'], text: 'nothing to extract' }))).toEqual(['acme']);
  });

  it('counts as seen only neighbours with > 70% token overlap', () => {
    const facts = { ...none, neighbours: [{ tokens: ['edited', 'src', 'app', 'ts', 'added', 'a', 'test'] }, { tokens: ['edited', 'src', 'app', 'ts', 'removed', 'everything', 'else', 'here'] }] };
    expect(judge(ev(), facts).processed.timesSeen).toBe(1);
  });

  it('takes the most referenced entity for importance, and days from the event time', () => {
    const facts = { ...none, entityRefs: new Map([['file:src/app.ts', 4], ['user:bob', 12]]) };
    const d = judge(ev({ text: 'Edited src/app.ts for @bob', ts: new Date(NOW.getTime() - 2 * DAY) }), facts);
    expect(d.processed.entityReferenceCount).toBe(12);
    expect(d.processed.signals.entityImportance).toBe(1);
    expect(d.processed.signals.recency).toBeCloseTo(Math.exp(-0.2), 12);
  });

  it('names event types in snake case', () => {
    expect(eventTypeOf('PostToolUse')).toBe('post_tool_use');
    expect(eventTypeOf('blocker_hit')).toBe('blocker_hit');
    expect(eventTypeOf('tool.latency:p95')).toBe('tool_latency_p95');
    // A run of separators is one word break: the same group as the single-separator kind.
    expect(eventTypeOf('tool..latency::p95')).toBe('tool_latency_p95');
    expect(eventTypeOf('session.-start')).toBe(eventTypeOf('session.start'));
  });
});

describe('stage 2', () => {
  it('stores at exactly the threshold and skips just below (seed 2.2 boundary)', () => {
    // A fresh event with nothing known: relevance = α · 1.
    const c = resolveDecisionConfig({ storageThreshold: C.weights.recency });
    expect(judge(ev(), none, c).store).toBe(true);
    const c2 = resolveDecisionConfig({ storageThreshold: C.weights.recency + 1e-9 });
    expect(judge(ev(), none, c2)).toMatchObject({ store: false, action: 'skip', links: [], compression: null });
  });

  it('always stores a high-relevance event and always skips a low one (property over random facts)', () => {
    let seed = 5;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const refs = 10 + Math.floor(rnd() * 100);
      const high = judge(ev({ ts: new Date(NOW.getTime() - rnd() * DAY) }), { ...none, entityRefs: new Map([['file:src/app.ts', refs]]) });
      expect(high.store).toBe(true);
      const low = judge(ev({ text: `one-off ${i}`, ts: new Date(NOW.getTime() - (20 + rnd() * 300) * DAY) }));
      expect(low.store).toBe(false);
    }
  });

  it('assigns decay policy by category with the type registry half-life (seed 2.3)', () => {
    expect(judge(ev({ kind: 'UserPromptSubmit', text: 'I prefer tabs, always' })).decay).toMatchObject({ category: 'preference', memoryType: 'preference', halfLifeDays: 90 });
    expect(judge(ev({ kind: 'UserPromptSubmit', text: 'continue' })).decay).toMatchObject({ category: 'conversation', memoryType: 'context', halfLifeDays: 1 });
    expect(judge(ev()).decay).toMatchObject({ category: 'task', memoryType: 'task', halfLifeDays: 7 });
    expect(judge(ev({ kind: 'insight', text: 'retries hide flaky tests' })).decay).toMatchObject({ category: 'pattern', memoryType: 'skill' });
    expect(judge(ev({ kind: 'observation', text: 'the sky was grey' })).decay).toMatchObject({ category: 'episodic', memoryType: 'episode', halfLifeDays: 14 });
    // A proposed type wins (PRD formation knows what it forms).
    expect(judge(ev({ type: 'decision' })).decay).toMatchObject({ memoryType: 'decision', halfLifeDays: 138 });
    expect(decayPolicyOf(ev(), C, () => 7).lambda).toBeCloseTo(Math.LN2 / 7, 12);
  });

  it('proposes compression from the 5th stored event of an entity and type within the window (seed 2.4)', () => {
    const facts = (n: number) => ({ ...none, sameTypeStored: new Map([['file:src/app.ts', n]]) });
    expect(judge(ev(), facts(3)).compression).toBeNull();
    expect(judge(ev(), facts(4))).toMatchObject({ action: 'store_compressed', compression: { entity: 'file:src/app.ts', eventType: 'post_tool_use', count: 5, windowDays: 7 } });
  });

  it('compresses into the group of the entity with the most stored events; on a tie, the first (caller hints come first)', () => {
    const stored = (counts: Array<[string, number]>) => ({ ...none, sameTypeStored: new Map(counts) });
    const e = ev({ entities: ['user:bob'] });
    expect(judge(e, stored([['user:bob', 6], ['file:src/app.ts', 4]])).compression).toMatchObject({ entity: 'user:bob', count: 7 });
    expect(judge(e, stored([['user:bob', 4], ['file:src/app.ts', 6]])).compression).toMatchObject({ entity: 'file:src/app.ts', count: 7 });
    expect(judge(e, stored([['user:bob', 5], ['file:src/app.ts', 5]])).compression).toMatchObject({ entity: 'user:bob', count: 6 });
  });

  it('connects to memories sharing entities, at most maxLinks', () => {
    const ids = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect(judge(ev(), { ...none, linkTargets: ids }).links).toEqual(ids.slice(0, C.maxLinks));
  });

  it('explains itself', () => {
    const d = judge(ev());
    expect(d.reasons[0]).toMatch(/^relevance 0\.400 >= threshold 0\.3$/);
    expect(d.reasons[2]).toMatch(/task → task, half-life 7 d/);
  });
});

describe(decayCategoryOf.name, () => {
  it('defaults to episodic (seed 2.3)', () => {
    expect(decayCategoryOf(ev({ kind: 'something', text: 'x' }), C)).toBe('episodic');
  });
});
