import { BESIDE_A_BETTER_TURN, onePerMoment } from './moments.js';

describe('onePerMoment', () => {
  it('lets a turn beside a better hit give way to an equal match of another moment', () => {
    // b sits right after a; c, of another session, matched as well as b.
    const out = onePerMoment([{ id: 'a', score: 0.9 }, { id: 'b', score: 0.6 }, { id: 'c', score: 0.6 }], [{ id: 'b', contextOf: 'a', distance: 1 }]);
    expect(out.map((h) => h.id)).toEqual(['a', 'c', 'b']);
    expect(out[2]?.score).toBeCloseTo(0.6 * BESIDE_A_BETTER_TURN);
  });

  it('judges each pair on the scores as given, whichever side the link names', () => {
    // c is beside b, b beside a: both b and c are beaten by their better neighbour.
    const out = onePerMoment([{ id: 'a', score: 0.5 }, { id: 'b', score: 0.8 }, { id: 'c', score: 0.7 }], [
      { id: 'b', contextOf: 'a', distance: 1 },
      { id: 'b', contextOf: 'c', distance: 1 },
    ]);
    const by = new Map(out.map((h) => [h.id, h.score]));
    expect(by.get('b')).toBe(0.8);
    expect(by.get('a')).toBeCloseTo(0.5 * BESIDE_A_BETTER_TURN);
    expect(by.get('c')).toBeCloseTo(0.7 * BESIDE_A_BETTER_TURN);
  });

  it('leaves hits alone across two turns, with equal scores, or when a link names a turn that is not a hit', () => {
    const hits = [{ id: 'a', score: 0.7 }, { id: 'b', score: 0.7 }, { id: 'c', score: 0.5 }];
    const out = onePerMoment(hits, [
      { id: 'b', contextOf: 'a', distance: 1 },
      { id: 'c', contextOf: 'a', distance: 2 },
      { id: 'c', contextOf: 'x', distance: 1 },
    ]);
    expect(out).toEqual(hits);
  });

  it('keeps the fields of each hit', () => {
    const out = onePerMoment([{ id: 'a', score: 1, context: 0.2 }, { id: 'b', score: 0.5, context: 0.4 }], [{ id: 'a', contextOf: 'b', distance: 1 }]);
    expect(out[1]).toEqual({ id: 'b', score: 0.5 * BESIDE_A_BETTER_TURN, context: 0.4 });
  });
});
