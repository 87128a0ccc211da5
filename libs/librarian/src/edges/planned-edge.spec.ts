import { dedupeEdges, storedDirection } from './planned-edge.js';

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
