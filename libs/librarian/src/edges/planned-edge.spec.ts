import { dedupeEdges, edgeRows, storedDirection } from './planned-edge.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('storedDirection', () => {
  it('keeps directed kinds pointing from the new record', () => {
    expect(storedDirection('derived_from', B, A)).toEqual({ src: B, dst: A });
    expect(storedDirection('supports', A, B)).toEqual({ src: A, dst: B });
  });

  it('orders symmetric kinds by id so both directions are one row', () => {
    expect(storedDirection('similar_to', B, A)).toEqual({ src: A, dst: B });
    expect(storedDirection('similar_to', A, B)).toEqual({ src: A, dst: B });
    expect(storedDirection('contradicts', B, A)).toEqual(storedDirection('contradicts', A, B));
  });
});

describe('dedupeEdges', () => {
  it('keeps the heaviest edge per kind and target and drops self-loops', () => {
    const out = dedupeEdges([
      { kind: 'similar_to', other: A, weight: 0.5 },
      { kind: 'similar_to', other: A, weight: 0.7 },
      { kind: 'contradicts', other: A, weight: 1 },
      { kind: 'relates_to', other: B, weight: 1 },
    ], B);
    expect(out).toEqual([{ kind: 'similar_to', other: A, weight: 0.7 }, { kind: 'contradicts', other: A, weight: 1 }]);
  });
});

describe('edgeRows', () => {
  it('stores each planned edge once, in its canonical direction, without self-loops', () => {
    expect(edgeRows(B, [
      { kind: 'similar_to', other: A, weight: 0.4 },
      { kind: 'supports', other: A, weight: 1 },
      { kind: 'relates_to', other: B, weight: 1 },
    ])).toEqual([
      { srcId: A, dstId: B, kind: 'similar_to', weight: 0.4 },
      { srcId: B, dstId: A, kind: 'supports', weight: 1 },
    ]);
    expect(edgeRows(B, undefined)).toEqual([]);
  });

  it('keeps a heavier edge seen first, and every edge when no record id is given', () => {
    expect(dedupeEdges([{ kind: 'similar_to', other: A, weight: 0.9 }, { kind: 'similar_to', other: A, weight: 0.6 }], B)).toEqual([{ kind: 'similar_to', other: A, weight: 0.9 }]);
    expect(dedupeEdges([{ kind: 'supports', other: A, weight: 1 }, { kind: 'supports', other: A, weight: 1 }, { kind: 'supports', other: B, weight: 0.5 }]))
      .toEqual([{ kind: 'supports', other: A, weight: 1 }, { kind: 'supports', other: B, weight: 0.5 }]);
  });
});
