import type { ConsolidationCandidate } from './consolidation-candidate.js';

/** Rule of seed 003 2.4 / A.4, all configurable. */
export interface ConsolidationRule {
  /** Events needed to compress (seed: 5). */
  minCount: number;
  /** Window the events must fall in (seed: 7 days). */
  windowDays: number;
  /** Sources per compressed memory: each becomes a derived_from link, and the gate caps links. */
  maxSources: number;
}

export const DEFAULT_CONSOLIDATION_RULE: ConsolidationRule = { minCount: 5, windowDays: 7, maxSources: 32 };

/** The rule from the engine's config (`lifecycle.compressionMinCount` / `compressionWindowDays`, seed 003 Appendix B), so proposal and sweep agree. */
export function consolidationRuleOf(config: { compressionMinCount: number; compressionWindowDays: number }): ConsolidationRule {
  return { ...DEFAULT_CONSOLIDATION_RULE, minCount: config.compressionMinCount, windowDays: config.compressionWindowDays };
}

/** Events of one entity and event type, within one window, to become one memory. */
export interface ConsolidationGroup {
  /** Stable identity of the group: scope, type, event type, entity (the sweep's checkpoint order). */
  key: string;
  scope: string;
  type: string;
  eventType: string;
  entity: string;
  /** Oldest first. */
  events: ConsolidationCandidate[];
}

const DAY_MS = 86_400_000;

const keyOf = (c: ConsolidationCandidate, entity: string) => JSON.stringify([c.scope, c.type, c.eventType, entity.toLowerCase()]);

/**
 * Groups events for compression. Events are bucketed by (scope, memory type, event type, entity);
 * within a bucket, oldest first, a window opens at the oldest unclaimed event and takes every event
 * within `windowDays` of it (up to `maxSources`); a window of at least `minCount` events is a group,
 * otherwise the window slides to the next event. An event about several entities joins at most one
 * group: buckets with more events are served first, so the strongest pattern wins. Groups come out
 * sorted by key, then time: the order the sweep checkpoints in. Pure and deterministic.
 */
export function planConsolidation(events: readonly ConsolidationCandidate[], rule: ConsolidationRule = DEFAULT_CONSOLIDATION_RULE): ConsolidationGroup[] {
  const buckets = new Map<string, { entity: string; events: ConsolidationCandidate[] }>();
  for (const e of events) {
    for (const entity of e.entities) {
      const key = keyOf(e, entity);
      const bucket = buckets.get(key) ?? { entity, events: [] };
      bucket.events.push(e);
      buckets.set(key, bucket);
    }
  }
  const ordered = [...buckets.entries()]
    .filter(([, b]) => b.events.length >= rule.minCount)
    .sort(([ka, a], [kb, b]) => b.events.length - a.events.length || (ka < kb ? -1 : ka > kb ? 1 : 0));
  const claimed = new Set<string>();
  const groups: ConsolidationGroup[] = [];
  for (const [key, bucket] of ordered) {
    const free = bucket.events.filter((e) => !claimed.has(e.id)).sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1));
    for (const window of windows(free, rule)) {
      window.forEach((e) => claimed.add(e.id));
      const first = window[0] as ConsolidationCandidate;
      groups.push({ key, scope: first.scope, type: first.type, eventType: first.eventType, entity: bucket.entity, events: window });
    }
  }
  return groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : (a.events[0]?.at.getTime() ?? 0) - (b.events[0]?.at.getTime() ?? 0)));
}

function* windows(sorted: ConsolidationCandidate[], rule: ConsolidationRule): Generator<ConsolidationCandidate[]> {
  let start = 0;
  while (sorted.length - start >= rule.minCount) {
    const limit = (sorted[start] as ConsolidationCandidate).at.getTime() + rule.windowDays * DAY_MS;
    let end = start;
    while (end < sorted.length && end - start < rule.maxSources && (sorted[end] as ConsolidationCandidate).at.getTime() <= limit) end++;
    if (end - start >= rule.minCount) {
      yield sorted.slice(start, end);
      start = end;
    } else {
      start++;
    }
  }
}
