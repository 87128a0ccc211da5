import { personalizedPageRank, type WeightedEdge } from './pagerank.js';

const e = (a: string, b: string, weight = 1): WeightedEdge => ({ a, b, weight });
const seeds = (...ids: string[]) => new Map(ids.map((id) => [id, 1]));
const run = (nodes: string[], edges: WeightedEdge[], s: Map<string, number>) => personalizedPageRank(nodes, edges, s, { tolerance: 1e-12, maxIterations: 1000 });

/** The exact fixed point: solve (I − d·Pᵀ − d·p·danglingᵀ) r = (1 − d)·p by Gaussian elimination. */
function exact(nodes: string[], edges: WeightedEdge[], s: Map<string, number>, d = 0.85): Map<string, number> {
  const n = nodes.length;
  const idx = new Map(nodes.map((id, i) => [id, i]));
  const w = nodes.map(() => new Array<number>(n).fill(0));
  for (const x of edges) {
    const [i, j] = [idx.get(x.a) as number, idx.get(x.b) as number];
    (w[i] as number[])[j] = ((w[i] as number[])[j] as number) + x.weight;
    (w[j] as number[])[i] = ((w[j] as number[])[i] as number) + x.weight;
  }
  const total = [...s.values()].reduce((a, b) => a + b, 0);
  const p = nodes.map((id) => (s.get(id) ?? 0) / total);
  const m = nodes.map((_, row) => nodes.map((__, col) => (row === col ? 1 : 0)));
  nodes.forEach((_, i) => {
    const out = (w[i] as number[]).reduce((a, b) => a + b, 0);
    nodes.forEach((__, j) => {
      const share = out === 0 ? (p[j] as number) : ((w[i] as number[])[j] as number) / out;
      (m[j] as number[])[i] = ((m[j] as number[])[i] as number) - d * share;
    });
  });
  const b = p.map((x) => (1 - d) * x);
  for (let c = 0; c < n; c++) {
    const pivot = (m[c] as number[])[c] as number;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = ((m[r] as number[])[c] as number) / pivot;
      for (let k = 0; k < n; k++) (m[r] as number[])[k] = ((m[r] as number[])[k] as number) - f * ((m[c] as number[])[k] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  return new Map(nodes.map((id, i) => [id, (b[i] as number) / ((m[i] as number[])[i] as number)]));
}

describe('personalizedPageRank', () => {
  it('gives a lone seed all the rank', () => {
    const r = run(['a'], [], seeds('a'));
    expect(r.scores.get('a')).toBeCloseTo(1, 12);
    expect(r.converged).toBe(true);
  });

  it('two nodes, seed a: a = 1/(1+d), b = d/(1+d)', () => {
    const r = run(['a', 'b'], [e('a', 'b')], seeds('a'));
    expect(r.scores.get('a')).toBeCloseTo(1 / 1.85, 9);
    expect(r.scores.get('b')).toBeCloseTo(0.85 / 1.85, 9);
  });

  it('path a-b-c, seed a: hand-solved values 0.345270 / 0.459459 / 0.195270', () => {
    const r = run(['a', 'b', 'c'], [e('a', 'b'), e('b', 'c')], seeds('a'));
    expect(r.scores.get('a')).toBeCloseTo(0.34527, 5);
    expect(r.scores.get('b')).toBeCloseTo(0.459459, 5);
    expect(r.scores.get('c')).toBeCloseTo(0.19527, 5);
  });

  it('splits rank in proportion to edge weight (3:1)', () => {
    const r = run(['a', 'b', 'c'], [e('a', 'b', 3), e('a', 'c', 1)], seeds('a'));
    expect((r.scores.get('b') as number) / (r.scores.get('c') as number)).toBeCloseTo(3, 9);
  });

  it('leaves nodes unreachable from the seeds at zero and sends dangling seed rank back to the seeds', () => {
    const r = run(['a', 'b', 'c', 'x', 'y'], [e('b', 'c'), e('x', 'y')], seeds('a', 'b'));
    expect(r.scores.get('x')).toBe(0);
    expect(r.scores.get('y')).toBe(0);
    const sum = [...r.scores.values()].reduce((s, x) => s + x, 0);
    expect(sum).toBeCloseTo(1, 9);
  });

  it('matches the exact linear solution on a small weighted graph with two weighted seeds', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e', 'f'];
    const edges = [e('a', 'b', 1), e('b', 'c', 0.5), e('c', 'd', 2), e('a', 'd', 0.3), e('d', 'e', 1), e('b', 'e', 0.7)];
    const s = new Map([['a', 2], ['c', 1]]);
    const r = run(nodes, edges, s);
    const want = exact(nodes, edges, s);
    for (const id of nodes) expect(r.scores.get(id)).toBeCloseTo(want.get(id) as number, 8);
    expect(r.scores.get('f')).toBe(0);
  });

  it('stops at maxIterations and says it did not converge', () => {
    const r = personalizedPageRank(['a', 'b', 'c'], [e('a', 'b'), e('b', 'c')], seeds('a'), { maxIterations: 2 });
    expect(r).toMatchObject({ iterations: 2, converged: false });
  });

  it('converges within the tolerance in far fewer than the maximum iterations', () => {
    const r = personalizedPageRank(['a', 'b', 'c'], [e('a', 'b'), e('b', 'c')], seeds('a'));
    expect(r.converged).toBe(true);
    expect(r.iterations).toBeLessThan(100);
  });

  it('refuses bad settings and seedless calls', () => {
    expect(() => personalizedPageRank(['a'], [], seeds('a'), { damping: 1 })).toThrow(RangeError);
    expect(() => personalizedPageRank(['a'], [], seeds('a'), { tolerance: 0 })).toThrow(RangeError);
    expect(() => personalizedPageRank(['a'], [], seeds('a'), { maxIterations: 0 })).toThrow(RangeError);
    expect(() => personalizedPageRank(['a'], [], new Map([['a', 0]]))).toThrow(RangeError);
  });
});
