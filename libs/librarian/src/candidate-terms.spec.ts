import { candidateTerms } from './candidate-terms.js';
import { CONFLICT_JACCARD, jaccard, looksContradictory, tokenSet } from './similarity.js';

const VOCAB = ('deploy service billing cache redis postgres release window friday monday team owns migration index schema ' +
  'queue worker retry timeout gateway token budget vector keyword search latency memory agent project decision').split(' ');
const FILLER = ['the', 'we', 'on', 'for', 'a', 'is', 'to', 'of', 'not', 'never'];

// A deterministic PRNG (mulberry32) so the property check is the same on every run.
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(rand: () => number): string[] {
  const n = 4 + Math.floor(rand() * 10);
  return Array.from({ length: n }, () => (rand() < 0.3 ? FILLER : VOCAB)[Math.floor(rand() * (rand() < 0.3 ? FILLER.length : VOCAB.length))] ?? 'x');
}

function mutate(words: string[], rand: () => number): string[] {
  const out = [...words];
  const edits = Math.floor(rand() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * out.length);
    if (rand() < 0.5) out.splice(at, 1, VOCAB[Math.floor(rand() * VOCAB.length)] ?? 'x');
    else out.splice(at, 0, FILLER[Math.floor(rand() * FILLER.length)] ?? 'x');
  }
  return out;
}

describe('candidateTerms (prefix filter of the Layer 2 candidate search)', () => {
  it('picks a few long, searchable words: no stop words, negations or contractions', () => {
    const text = "We don't deploy the billing service on Fridays because they'll page the on-call";
    const terms = candidateTerms(text, tokenSet(text), 0.9) ?? [];
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThan(tokenSet(text).size);
    for (const t of terms) expect(['dont', 'the', 'on', 'theyll', 'because']).not.toContain(t);
    expect(terms[0]).toBe('billing'); // longest first, then alphabetical

    const urls = 'See https://docs.example.com/deploy and mail ops@example.com about the deploy window';
    const picked = candidateTerms(urls, tokenSet(urls), 0.5) ?? [];
    expect(picked).not.toContain('example');
    expect(picked).not.toContain('docs');
  });

  it('falls back to a full search when too few words are searchable', () => {
    expect(candidateTerms('it is on', tokenSet('it is on'), 0.9)).toBeUndefined();
  });

  it('never misses a record either check could flag (2000 generated pairs)', () => {
    const rand = prng(42);
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const a = sentence(rand).join(' ');
      const b = mutate(a.split(' '), rand).join(' ');
      const threshold = [0.5, 0.7, 0.9][i % 3] as number;
      const flagged = jaccard(tokenSet(a), tokenSet(b)) >= threshold || looksContradictory(a, b, CONFLICT_JACCARD);
      const terms = candidateTerms(a, tokenSet(a), threshold);
      if (!flagged || terms === undefined) continue;
      checked++;
      const inB = tokenSet(b);
      expect({ a, b, terms, found: terms.some((t) => inB.has(t)) }).toMatchObject({ found: true });
    }
    expect(checked).toBeGreaterThan(300);
  });
});
