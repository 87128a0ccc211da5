import { DEFAULT_DECISION_CONFIG as C, resolveDecisionConfig } from './decision-config.js';
import { decayCategoryOf, decayPolicyOf } from './decay-policy.js';
import type { ImplicitEvent } from './implicit-event.js';
import { decide, entitiesOf, processEvent, type HistoryFacts } from './storage-decision.js';

// The decision engine's rules case by case (issue 22: each rule a mutant could change has a case).
const NOW = new Date('2026-11-23T12:00:00Z');
const DAY = 86_400_000;
const ev = (over: Partial<ImplicitEvent> = {}): ImplicitEvent => ({ source: 'hook', kind: 'PostToolUse', text: 'Edited src/app.ts', ts: NOW, scope: 'project:p', ...over });
const none: HistoryFacts = { neighbours: [], entityRefs: new Map(), sameTypeStored: new Map(), linkTargets: [] };

function judge(e: ImplicitEvent, facts: HistoryFacts = none, config = C) {
  return decide(processEvent(e, entitiesOf(e), facts, config, NOW), config.weights, decayPolicyOf(e, config, () => 7), facts, config);
}

describe(decayCategoryOf.name, () => {
  it.each([
    ['UserPromptSubmit', 'We prefer small commits', 'preference'],
    ['UserPromptSubmit', 'the user hates tabs', 'preference'],
    ['set_preference', 'dark mode', 'preference'],
    ['review_done', 'looked at it', 'pattern'],
    ['blocker_resolved', 'fixed', 'pattern'],
    ['insight', 'x', 'pattern'],
    ['SessionStart', 'hello', 'conversation'],
    ['Notification', 'ping', 'conversation'],
    ['assistant_message', 'ok', 'conversation'],
    ['PostToolUse', 'ran it', 'task'],
    ['build_failed', 'red', 'task'],
    ['deploy', 'shipped', 'task'],
    ['handoff', 'to bob', 'task'],
    ['observation', 'grey sky', 'episodic'],
  ])('%s "%s" is %s', (kind, text, category) => {
    expect(decayCategoryOf(ev({ kind, text }), C)).toBe(category);
  });

  it('a proposed type that a category maps to wins; an unmapped type falls back to the rules', () => {
    expect(decayCategoryOf(ev({ kind: 'PostToolUse', type: 'preference' }), C)).toBe('preference');
    expect(decayCategoryOf(ev({ kind: 'PostToolUse', type: 'episode' }), C)).toBe('episodic');
    expect(decayCategoryOf(ev({ kind: 'PostToolUse', type: 'decision' }), C)).toBe('task');
  });

  it('the policy keeps a proposed type and takes its half-life from the registry', () => {
    const seen: string[] = [];
    const p = decayPolicyOf(ev({ kind: 'observation', type: 'decision' }), C, (t) => (seen.push(t), 138));
    expect(p).toEqual({ category: 'episodic', memoryType: 'decision', halfLifeDays: 138, lambda: Math.LN2 / 138 });
    expect(seen).toEqual(['decision']);
    const custom = resolveDecisionConfig({ categoryTypes: { episodic: 'journal' } });
    expect(decayPolicyOf(ev({ kind: 'observation' }), custom, () => 30)).toMatchObject({ memoryType: 'journal', halfLifeDays: 30 });
  });
});

describe('stage 1 facts', () => {
  it('counts only neighbours above the overlap bar, the bar itself excluded', () => {
    const facts = { ...none, neighbours: [{ tokens: ['edited', 'src', 'app', 'ts'] }, { tokens: ['edited', 'src', 'lib', 'js'] }, { tokens: ['unrelated'] }] };
    expect(judge(ev(), facts).processed.timesSeen).toBe(1);
    expect(judge(ev(), facts, resolveDecisionConfig({ similarOverlap: 0.5 })).processed.timesSeen).toBe(1);
    expect(judge(ev(), facts, resolveDecisionConfig({ similarOverlap: 0.49 })).processed.timesSeen).toBe(2);
  });

  it('measures days from the event time, never negative, and scores them', () => {
    const old = judge(ev({ ts: new Date(NOW.getTime() - 3 * DAY) }));
    expect(old.processed.daysSinceEvent).toBe(3);
    expect(old.processed.signals).toEqual({ recency: expect.closeTo(Math.exp(-0.3), 12), frequency: 0, entityImportance: 0 });
    expect(judge(ev({ ts: new Date(NOW.getTime() + DAY) })).processed.daysSinceEvent).toBe(0);
  });

  it('an event with no known entity has no importance', () => {
    const p = judge(ev({ text: 'nothing to extract here' }), { ...none, entityRefs: new Map([['file:src/app.ts', 9]]) }).processed;
    expect(p.entityReferenceCount).toBe(0);
    expect(p.entities).toEqual([]);
  });

  it('keeps the event, its type and its tokens', () => {
    const e = ev({ kind: 'blocker_hit' });
    const p = judge(e).processed;
    expect(p).toMatchObject({ event: e, eventType: 'blocker_hit', entities: ['file:src/app.ts'] });
    expect(p.tokens).toEqual(expect.arrayContaining(['edited', 'src', 'app', 'ts']));
  });
});

describe('stage 2 decisions', () => {
  it('compresses by the entity with the most stored events of the type', () => {
    const facts = { ...none, sameTypeStored: new Map([['file:src/a.ts', 5], ['file:src/b.ts', 7]]) };
    const d = judge(ev({ text: 'Edited src/a.ts and src/b.ts' }), facts);
    expect(d.compression).toEqual({ entity: 'file:src/b.ts', eventType: 'post_tool_use', count: 8, windowDays: 7 });
    expect(d.reasons[3]).toBe('compression: 8 post_tool_use events of file:src/b.ts within 7 d');
  });

  it('a skipped event proposes no compression and no links, and says why', () => {
    const old = ev({ text: 'one-off', ts: new Date(NOW.getTime() - 60 * DAY) });
    const d = judge(old, { ...none, sameTypeStored: new Map([['one-off', 10]]), linkTargets: ['m1'] });
    expect(d).toMatchObject({ action: 'skip', store: false, compression: null, links: [] });
    expect(d.reasons).toHaveLength(3);
    expect(d.reasons[0]).toBe(`relevance ${(0.4 * Math.exp(-6)).toFixed(3)} < threshold 0.3`);
  });

  it('reports the signals with their inputs', () => {
    const d = judge(ev({ ts: new Date(NOW.getTime() - DAY / 2) }), { ...none, entityRefs: new Map([['file:src/app.ts', 3]]) });
    expect(d.reasons[1]).toBe(`recency ${Math.exp(-0.05).toFixed(3)} (0.50 d), frequency 0.000 (seen 0x), entity importance 0.300 (3 refs)`);
    expect(d.reasons[2]).toBe('decay: task → task, half-life 7 d');
    expect(d.threshold).toBe(0.3);
  });
});
