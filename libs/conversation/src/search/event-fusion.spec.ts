import { fuseEventScores } from './event-fusion.js';
import type { EventMatch } from './event-search.js';

const at = new Date('2023-05-08T10:00:00Z');
const m = (eventId: string, score: number): EventMatch => ({ eventId, sessionId: 's', ts: at, text: eventId, score });

describe('fuseEventScores (keyword and vector event hits, min-max score fusion)', () => {
  it('scores each event the mean of its min-max scaled scores, 0 where a list missed it', () => {
    const fused = fuseEventScores([m('a', 9), m('b', 5), m('c', 1)], [m('b', 0.8), m('d', 0.6), m('a', 0.4)]);
    expect(fused.map((f) => f.match.eventId)).toEqual(['b', 'a', 'd', 'c']);
    [0.75, 0.5, 0.25, 0].forEach((score, i) => expect(fused[i]?.match.score).toBeCloseTo(score, 9));
    expect(fused.find((f) => f.match.eventId === 'b')?.via).toEqual(['keyword', 'vector']);
    expect(fused.find((f) => f.match.eventId === 'd')?.via).toEqual(['vector']);
  });

  it('keeps a strong match of one list above weak matches of both (where rank fusion would not)', () => {
    const keyword = [m('strong', 20), m('weak', 2.1), m('other', 2)];
    const vector = [m('v1', 0.9), m('v2', 0.85), m('weak', 0.5)];
    const order = fuseEventScores(keyword, vector).map((f) => f.match.eventId);
    expect(order.slice(0, 3)).toEqual(['strong', 'v1', 'v2']); // strong ties v1 at 0.5, earlier id first
    expect(order.indexOf('strong')).toBeLessThan(order.indexOf('weak'));
  });

  it('handles empty lists and lists of equal scores', () => {
    expect(fuseEventScores([], [])).toEqual([]);
    expect(fuseEventScores([m('a', 3)], []).map((f) => f.match.score)).toEqual([0.5]);
  });
});
