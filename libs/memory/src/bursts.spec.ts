import { burstLinks, BURST_GAP_MS, type TurnLink, type TurnOf } from './bursts.js';

const t0 = Date.UTC(2024, 0, 1, 12);
const link = (id: string, distance: number, follows: boolean, speaker: string | null, minutes: number): TurnLink =>
  ({ id, contextOf: 'hit', distance, follows, speaker, at: new Date(t0 + minutes * 60_000) });
const hits = new Map([['hit', { speaker: 'Ann', at: new Date(t0) }]]);
const byId = (links: { id: string; distance: number }[]) => Object.fromEntries(links.map((l) => [l.id, l.distance]));

describe('bursts of one speaker', () => {
  it('counts the whole run of the hit\'s speaker, and the turn after it, as adjacent', () => {
    const links = [
      link('a1', 1, true, 'Ann', 1), link('a2', 2, true, 'Ann', 1), link('a3', 3, true, 'Ann', 2), link('b', 4, true, 'Bob', 3), link('a4', 5, true, 'Ann', 4),
    ];
    expect(byId(burstLinks(links, hits))).toEqual({ a1: 1, a2: 1, a3: 1, b: 1 });
  });

  it('counts the prompt before the run as adjacent too, and stops at the other speaker', () => {
    const links = [link('a0', 1, false, 'Ann', -1), link('q', 2, false, 'Bob', -2), link('x', 3, false, 'Ann', -3)];
    expect(byId(burstLinks(links, hits))).toEqual({ a0: 1, q: 1 });
  });

  it('keeps plain distances where there is no run, and breaks a run at a long pause', () => {
    const plain = [link('b1', 1, true, 'Bob', 1), link('a', 2, true, 'Ann', 2), link('b2', 3, true, 'Bob', 3)];
    expect(byId(burstLinks(plain, hits))).toEqual({ b1: 1, a: 2 });
    const paused = [link('a1', 1, true, 'Ann', 1), link('a2', 2, true, 'Ann', 2 + BURST_GAP_MS / 60_000), link('a3', 3, true, 'Ann', 40)];
    expect(byId(burstLinks(paused, hits))).toEqual({ a1: 1, a2: 2 });
  });

  it('leaves turns without a speaker to plain distance', () => {
    const anon = new Map([['hit', { speaker: null, at: new Date(t0) }]]);
    expect(byId(burstLinks([link('n1', 1, true, null, 1), link('n2', 2, true, null, 1), link('n3', 3, true, null, 1)], anon))).toEqual({ n1: 1, n2: 2 });
  });

  it('marks the reply to a hit that only asks as its answer, and nothing else', () => {
    const asking = new Map([['hit', { speaker: 'Ann', at: new Date(t0), asks: true }]]);
    const links = [link('a1', 1, true, 'Ann', 1), link('b', 2, true, 'Bob', 2), link('p', 1, false, 'Bob', -1)];
    const answers = (hitTurns: ReadonlyMap<string, TurnOf>) => burstLinks(links, hitTurns).filter((l) => l.answers).map((l) => l.id);
    expect(answers(asking)).toEqual(['b']);
    expect(answers(hits)).toEqual([]);
  });
});
