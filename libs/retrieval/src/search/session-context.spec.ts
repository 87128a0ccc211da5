import { BESIDE_A_BETTER_TURN, NEIGHBOUR_WEIGHT, SAME_MOMENT_AGAIN, SECOND_NEIGHBOUR_WEIGHT, type MemoryRow } from '@engram/memory';
import { CONTEXT_WEIGHT, isTurn, withNeighbourContext, withOnePerMoment, withSessionContext, type Neighbour } from './session-context.js';

const row = (id: string, memoryClass = 'episodic') => ({ id, content: `Ann: ${id}`, metadata: {}, memory_class: memoryClass }) as unknown as MemoryRow;
const rowsOf = (...ids: string[]) => new Map(ids.map((id) => [id, row(id)]));
const neighbour = (id: string, of: string, follows: boolean, distance = 1) => ({ ...row(id), context_of: of, follows, distance }) as Neighbour;

describe('withNeighbourContext', () => {
  it('fills part of what a hit leaves with its better neighbour: s + w·c·(1 − s)', () => {
    const rows = rowsOf('a', 'b', 'c');
    const out = withNeighbourContext(
      [{ id: 'a', score: 1 }, { id: 'b', score: 0.5 }, { id: 'c', score: 0.2 }],
      [neighbour('b', 'a', true), neighbour('a', 'b', false), neighbour('c', 'b', true), neighbour('b', 'c', false)],
      rows,
    );
    const score = new Map(out.map((h) => [h.id, h.score]));
    expect(score.get('a')).toBeCloseTo(1);
    expect(score.get('b')).toBeCloseTo(0.5 + NEIGHBOUR_WEIGHT * 1 * 0.5);
    expect(score.get('c')).toBeCloseTo(0.2 + NEIGHBOUR_WEIGHT * 0.5 * 0.8);
    expect(out.map((h) => h.id)).toEqual(['a', 'b', 'c']);
  });

  it('brings in a neighbour no list found, scored from its hit, and hands over its row', () => {
    const rows = new Map<string, MemoryRow>([['a', row('a')]]);
    const out = withNeighbourContext([{ id: 'a', score: 0.8 }, { id: 'z', score: 0.5 }], [neighbour('p', 'a', false)], rows);
    expect(out).toEqual([{ id: 'a', score: 0.8 }, { id: 'z', score: 0.5 }, { id: 'p', score: NEIGHBOUR_WEIGHT * 0.8, context: NEIGHBOUR_WEIGHT * 0.8 }]);
    expect(rows.get('p')).toEqual(row('p'));
    expect(rows.get('p')).not.toHaveProperty('context_of');
  });

  it('takes the better side, not the sum, and ignores neighbours of ids that are not hits', () => {
    const out = withNeighbourContext(
      [{ id: 'l', score: 0.9 }, { id: 'r', score: 0.3 }],
      [neighbour('m', 'l', true), neighbour('m', 'r', false), neighbour('x', 'nobody', true)],
      rowsOf('l', 'r'),
    );
    expect(out.find((h) => h.id === 'm')?.score).toBeCloseTo(NEIGHBOUR_WEIGHT * 0.9);
    expect(out.map((h) => h.id)).not.toContain('x');
  });

  it('adds the better turn two away at its own weight, and caps the context at 1', () => {
    const out = withNeighbourContext(
      [{ id: 'a', score: 1 }, { id: 'c', score: 0.5 }],
      [neighbour('b', 'a', true, 1), neighbour('c', 'a', true, 2), neighbour('a', 'c', false, 2), neighbour('b', 'c', false, 1), neighbour('e', 'c', true, 2)],
      rowsOf('a', 'c'),
    );
    const score = new Map(out.map((h) => [h.id, h.score]));
    expect(score.get('b')).toBeCloseTo(NEIGHBOUR_WEIGHT * 1);
    expect(score.get('c')).toBeCloseTo(0.5 + SECOND_NEIGHBOUR_WEIGHT * 1 * 0.5);
    expect(score.get('e')).toBeCloseTo(SECOND_NEIGHBOUR_WEIGHT * 0.5);
    expect(score.get('a')).toBeCloseTo(1);
    expect(NEIGHBOUR_WEIGHT + SECOND_NEIGHBOUR_WEIGHT).toBeLessThanOrEqual(1);
  });

  it('ignores turns further away than two', () => {
    expect(withNeighbourContext([{ id: 'a', score: 1 }], [neighbour('z', 'a', true, 3)], rowsOf('a')).map((h) => h.id)).toEqual(['a']);
  });

  it('reads an episodic memory as a turn when it says who spoke: a Name: prefix, or speaker / role metadata', () => {
    const episodic = (content: string, metadata: Record<string, unknown> = {}) => ({ content, metadata, memory_class: 'episodic' }) as unknown as MemoryRow;
    expect(isTurn(episodic('Melanie: I painted a horse'))).toBe(true);
    expect(isTurn(episodic('I painted a horse', { speaker: 'Melanie' }))).toBe(true);
    expect(isTurn(episodic('Ran the tests', { role: 'assistant' }))).toBe(true);
    expect(isTurn(episodic('During the session I changed auth.ts', { session: 's-1' }))).toBe(false);
    expect(isTurn({ ...episodic('Melanie: hi'), memory_class: 'semantic' } as MemoryRow)).toBe(false);
    expect(isTurn(undefined)).toBe(false);
  });

  it('gives and takes context between turns only', () => {
    const rows = new Map([['fact', row('fact', 'semantic')], ['turn', row('turn')]]);
    const factNext = { ...neighbour('n1', 'fact', true), memory_class: 'episodic' } as Neighbour;
    const turnNext = { ...neighbour('n2', 'turn', true), memory_class: 'semantic' } as Neighbour;
    const out = withNeighbourContext([{ id: 'fact', score: 0.9 }, { id: 'turn', score: 0.5 }], [factNext, turnNext], rows);
    expect(out).toEqual([{ id: 'fact', score: 0.9 }, { id: 'turn', score: 0.5 }]);
  });

  it('leaves hits without neighbours exactly as fused, ties broken by id', () => {
    const hits = [{ id: 'b', score: 0.4 }, { id: 'a', score: 0.4 }, { id: 'c', score: 0.9 }];
    expect(withNeighbourContext(hits, [], new Map())).toEqual([{ id: 'c', score: 0.9 }, { id: 'a', score: 0.4 }, { id: 'b', score: 0.4 }]);
  });
});

describe('withSessionContext', () => {
  it('credits only the turn right after a hit of this list', () => {
    const out = withSessionContext(
      [{ row: row('a'), score: 0.6 }],
      [neighbour('n', 'a', true), neighbour('p', 'a', false), neighbour('q', 'other', true), neighbour('r', 'a', true, 2)],
      (r) => r,
    );
    expect(out.map((h) => h.row.id)).toEqual(['a', 'n']);
    expect(out[0]?.score).toBeCloseTo(0.6 / (1 + CONTEXT_WEIGHT));
    expect(out[1]?.score).toBeCloseTo((CONTEXT_WEIGHT * 0.6) / (1 + CONTEXT_WEIGHT));
  });
});

describe('withOnePerMoment', () => {
  // a and c are turns three apart in one session; b is another moment that matched a little less.
  const hits = [{ id: 'a', score: 0.9 }, { id: 'c', score: 0.8 }, { id: 'b', score: 0.75 }];
  const links = [neighbour('c', 'a', true, 3), neighbour('n', 'a', true, 1)];

  it('spreads the hits of a question that asks for several things over moments of a few turns', () => {
    const out = withOnePerMoment(hits, links, rowsOf('a', 'b', 'c', 'n'), true);
    expect(out.map((h) => h.id)).toEqual(['a', 'b', 'c']);
    expect(out[2]?.score).toBeCloseTo(0.8 * SAME_MOMENT_AGAIN);
  });

  it('leaves turns apart from each other alone for a question about one thing', () => {
    expect(withOnePerMoment(hits, links, rowsOf('a', 'b', 'c', 'n')).map((h) => h.id)).toEqual(['a', 'c', 'b']);
  });

  it('links only dialogue turns: an agent note is not a moment of a conversation', () => {
    const rows = new Map([...rowsOf('a', 'b'), ['c', row('c', 'semantic')]]);
    const out = withOnePerMoment(hits, [{ ...neighbour('c', 'a', true, 1), memory_class: 'semantic' } as Neighbour], rows, true);
    expect(out.map((h) => h.id)).toEqual(['a', 'c', 'b']);
    expect(out[1]?.score).toBe(0.8);
    expect(BESIDE_A_BETTER_TURN).toBeLessThan(1);
  });
});
