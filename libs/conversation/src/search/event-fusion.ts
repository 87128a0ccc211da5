import type { EventMatch } from './event-search.js';

/** One event of the fused list, with the searches that found it. */
export interface FusedEvent { match: EventMatch; via: ('keyword' | 'vector')[] }

/** Scores rescaled to [0, 1] within their list (min-max); a list of equal scores maps to 1. */
function minMax(list: readonly EventMatch[]): Map<string, number> {
  const scores = list.map((m) => m.score);
  const lo = Math.min(...scores);
  const span = Math.max(...scores) - lo;
  return new Map(list.map((m) => [m.eventId, span > 0 ? (m.score - lo) / span : 1]));
}

/**
 * Share of the keyword list in the fused score: the plain mean. A keyword share of 0.6 was measured
 * on the dev conversations (ADR-0030): +0.5 points overall, better on two and worse on one, so not
 * worth a fitted constant.
 */
export const KEYWORD_SHARE = 0.5;

/**
 * Keyword and vector event hits fused by normalised score, as ADR-0020 does for memories
 * (ADR-0021 amendment): each list min-max scaled to [0, 1], an event scores the weighted mean of
 * its two (KEYWORD_SHARE; 0 where a list missed it). Unlike rank fusion, a strong match in one list keeps its lead over
 * weak matches in both, so the fused list does not lose to either input. Ties by time, then id.
 */
export function fuseEventScores(keyword: readonly EventMatch[], vector: readonly EventMatch[]): FusedEvent[] {
  const k = minMax(keyword);
  const v = minMax(vector);
  const fused = new Map<string, FusedEvent>();
  for (const m of keyword) fused.set(m.eventId, { match: m, via: ['keyword'] });
  for (const m of vector) {
    const f = fused.get(m.eventId);
    if (f) f.via.push('vector');
    else fused.set(m.eventId, { match: m, via: ['vector'] });
  }
  const score = (id: string) => KEYWORD_SHARE * (k.get(id) ?? 0) + (1 - KEYWORD_SHARE) * (v.get(id) ?? 0);
  return [...fused.values()]
    .map((f) => ({ match: { ...f.match, score: score(f.match.eventId) }, via: f.via }))
    .sort((a, b) => b.match.score - a.match.score || a.match.ts.getTime() - b.match.ts.getTime() || (a.match.eventId < b.match.eventId ? -1 : 1));
}
