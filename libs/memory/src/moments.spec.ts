import { BESIDE_A_BETTER_TURN, MOMENT_RADIUS, onePerMoment, SAME_MOMENT_AGAIN, spreadOverMoments } from './moments.js';

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

describe('spreadOverMoments', () => {
  // a1..a3 are turns of one exchange; b and c are other moments that matched a little less well.
  const hits = [{ id: 'a1', score: 0.9 }, { id: 'a2', score: 0.85 }, { id: 'a3', score: 0.8 }, { id: 'b', score: 0.75 }, { id: 'c', score: 0.7 }];
  const exchange = [{ id: 'a2', contextOf: 'a1', distance: 1 }, { id: 'a3', contextOf: 'a1', distance: MOMENT_RADIUS }];

  it('takes one hit per moment before a second one of the same moment', () => {
    const out = spreadOverMoments(hits, exchange);
    expect(out.map((h) => h.id)).toEqual(['a1', 'b', 'a2', 'c', 'a3']);
    expect(out[2]?.score).toBeCloseTo(0.85 * SAME_MOMENT_AGAIN);
    expect(out.map((h) => h.score)).toEqual([...out.map((h) => h.score)].sort((x, y) => y - x));
  });

  it('counts each better hit already taken near a hit', () => {
    // a3 is near both a1 and a2 once a2 has been taken.
    const out = spreadOverMoments(hits, [...exchange, { id: 'a3', contextOf: 'a2', distance: 1 }]);
    expect(out.find((h) => h.id === 'a3')?.score).toBeCloseTo(0.8 * SAME_MOMENT_AGAIN ** 2);
  });

  it('leaves turns farther apart than MOMENT_RADIUS, and a list without links, as they were', () => {
    const far = [{ id: 'a2', contextOf: 'a1', distance: MOMENT_RADIUS + 1 }];
    expect(spreadOverMoments(hits, far)).toEqual(hits);
    expect(spreadOverMoments(hits, [])).toEqual(hits);
  });

  it('never removes a hit, and keeps what else a hit carries', () => {
    const out = spreadOverMoments(hits.map((h) => ({ ...h, context: 0.1 })), exchange);
    expect(out.map((h) => h.id).sort()).toEqual(hits.map((h) => h.id).sort());
    expect(out.every((h) => h.context === 0.1)).toBe(true);
  });
});
