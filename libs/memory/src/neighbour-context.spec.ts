import { ANSWER_WEIGHT, lendNeighbourContext, NEIGHBOUR_DISTANCE, NEIGHBOUR_WEIGHT, SECOND_NEIGHBOUR_WEIGHT } from './neighbour-context.js';

describe('lendNeighbourContext', () => {
  it('lends both ways along a link: the better adjacent and the better two-away score, filling what the own score leaves', () => {
    const out = lendNeighbourContext([{ id: 'a', score: 1 }, { id: 'b', score: 0.5 }], [
      { id: 'b', contextOf: 'a', distance: 1 },
      { id: 'c', contextOf: 'a', distance: 2 },
    ]);
    const by = new Map(out.map((h) => [h.id, h]));
    expect(by.get('a')?.score).toBeCloseTo(1);
    expect(by.get('b')?.score).toBeCloseTo(0.5 + NEIGHBOUR_WEIGHT * 0.5);
    expect(by.get('c')).toEqual({ id: 'c', score: SECOND_NEIGHBOUR_WEIGHT, context: SECOND_NEIGHBOUR_WEIGHT });
    expect(out.map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });

  it('ignores links farther than NEIGHBOUR_DISTANCE, of distance 0, or from a turn that is not a hit', () => {
    const out = lendNeighbourContext([{ id: 'a', score: 0.6 }], [
      { id: 'far', contextOf: 'a', distance: NEIGHBOUR_DISTANCE + 1 },
      { id: 'self', contextOf: 'a', distance: 0 },
      { id: 'x', contextOf: 'not-a-hit', distance: 1 },
    ]);
    expect(out).toEqual([{ id: 'a', score: 0.6 }]);
  });

  it('keeps scores in [0, 1] when both neighbours are perfect', () => {
    const out = lendNeighbourContext([{ id: 'a', score: 1 }, { id: 'b', score: 0.9 }, { id: 'c', score: 1 }], [
      { id: 'b', contextOf: 'a', distance: 1 },
      { id: 'b', contextOf: 'c', distance: 2 },
    ]);
    for (const h of out) expect(h.score).toBeLessThanOrEqual(1);
    expect(out.find((h) => h.id === 'b')?.context).toBeCloseTo(NEIGHBOUR_WEIGHT + SECOND_NEIGHBOUR_WEIGHT);
  });

  it('lends the reply to a question ANSWER_WEIGHT of the question\'s score, and the question the usual share back', () => {
    const out = lendNeighbourContext([{ id: 'q', score: 0.8 }, { id: 'r', score: 0.2 }], [{ id: 'r', contextOf: 'q', distance: 1, answers: true }]);
    const by = new Map(out.map((h) => [h.id, h.score]));
    expect(by.get('r')).toBeCloseTo(0.2 + ANSWER_WEIGHT * 0.8 * 0.8);
    expect(by.get('q')).toBeCloseTo(0.8 + NEIGHBOUR_WEIGHT * 0.2 * 0.2);
    expect(ANSWER_WEIGHT).toBeGreaterThan(NEIGHBOUR_WEIGHT);
  });
});
