import { candidatePlan, compareText, longestFirst, MAX_RANKED_WORDS, planFromWords } from './candidate-terms.js';
import { WordRarity } from './word-rarity.js';
import { CONFLICT_JACCARD, isNegation, jaccard, looksContradictory, tokenSet } from './similarity.js';

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

const negated = (text: string) => [...tokenSet(text)].some(isNegation);

describe('candidatePlan (prefix filters of the Layer 2 candidate searches)', () => {
  it('picks a few long, searchable words: no stop words, negations or contractions', () => {
    const text = "We don't deploy the billing service on Fridays because they'll page the on-call";
    const plan = candidatePlan(text, tokenSet(text), 0.9);
    const terms = plan.nearTerms ?? [];
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThan(tokenSet(text).size);
    for (const t of [...terms, ...(plan.conflictTerms ?? [])]) expect(['dont', 'the', 'on', 'theyll', 'because']).not.toContain(t);
    expect(terms[0]).toBe('billing'); // longest first, then alphabetical
    expect(plan.negated).toBe(true);

    const urls = 'See https://docs.example.com/deploy and mail ops@example.com about the deploy window';
    const picked = candidatePlan(urls, tokenSet(urls), 0.5);
    expect(picked.words).not.toContain('example');
    expect(picked.words).not.toContain('docs');
    expect(picked.negated).toBe(false);
  });

  it('searches by numbers too (tickets, ports, amounts), but not by versions, paths or signed parts', () => {
    const text = 'Incident SEC-5667: port 8080 was down for 148 minutes (#42, 95%), see v1.5 and 10.0.0.1';
    const words = candidatePlan(text, tokenSet(text), 0.9).words;
    expect(words).toEqual(expect.arrayContaining(['8080', '148', '42', '95', 'incident', 'minutes']));
    for (const w of ['5667', 'sec', '1', '5', '10', '0']) expect(words).not.toContain(w);
  });

  it('orders by rarity when word counts are known', () => {
    const rarity = new WordRarity();
    for (let i = 0; i < 5; i++) rarity.observe(['billing', 'service', 'deploy']);
    const text = 'deploy the billing service to the kestrel cluster';
    expect(candidatePlan(text, tokenSet(text), 0.9, (w) => rarity.order(w)).words.slice(0, 2)).toEqual(['cluster', 'kestrel']);
  });

  it('falls back to a full search when too few words are searchable', () => {
    expect(candidatePlan('it is on', tokenSet('it is on'), 0.9).nearTerms).toBeUndefined();
  });

  it('never misses a record either check could flag, whatever the word order (2000 generated pairs)', () => {
    const rand = prng(42);
    const shuffled = (w: readonly string[]) => [...w].sort(() => rand() - 0.5);
    let nearChecked = 0;
    let conflictsChecked = 0;
    for (let i = 0; i < 2000; i++) {
      const a = sentence(rand).join(' ');
      const b = mutate(a.split(' '), rand).join(' ');
      const threshold = [0.5, 0.7, 0.9][i % 3] as number;
      const plan = candidatePlan(a, tokenSet(a), threshold, i % 2 === 0 ? shuffled : undefined);
      const inB = tokenSet(b);
      if (jaccard(tokenSet(a), inB) >= threshold && plan.nearTerms) {
        nearChecked++;
        expect({ a, b, terms: plan.nearTerms, found: plan.nearTerms.some((t) => inB.has(t)) }).toMatchObject({ found: true });
      }
      if (looksContradictory(a, b, CONFLICT_JACCARD)) {
        // A conflict has the other polarity, which is what the search narrows to.
        expect(negated(b)).toBe(!plan.negated);
        if (!plan.conflictTerms) continue;
        conflictsChecked++;
        expect({ a, b, terms: plan.conflictTerms, found: plan.conflictTerms.some((t) => inB.has(t)) }).toMatchObject({ found: true });
      }
    }
    expect(nearChecked).toBeGreaterThan(300);
    expect(conflictsChecked).toBeGreaterThan(30);
  });
});

describe('planFromWords: how many words each search needs', () => {
  const tokens = (...t: string[]) => new Set(t);

  it('searches by exactly n - ceil(t·n) + 1 words, even when that is all of them', () => {
    // 2 tokens at 0.9: ceil(1.8) = 2, so 1 word suffices; at 0.5: ceil(1) = 1, so 2 words.
    expect(planFromWords(['alpha'], tokens('alpha', 'is'), 0.9).nearTerms).toEqual(['alpha']);
    expect(planFromWords(['alpha', 'gamma'], tokens('alpha', 'gamma'), 0.5).nearTerms).toEqual(['alpha', 'gamma']);
    // 10 tokens at 0.9: 10 - 9 + 1 = 2 words, the first two in order.
    const ten = tokens(...'alpha bravo charlie delta echoes foxtrot golfer hotel india juliet'.split(' '));
    expect(planFromWords([...ten], ten, 0.9, (w) => [...w]).nearTerms).toEqual(['alpha', 'bravo']);
  });

  it('leaves negations out of the conflict search count', () => {
    // 6 tokens, one a negation: the conflict check compares 5, so 5 - ceil(0.6·5) + 1 = 3 words.
    const six = tokens('alpha', 'bravo', 'charlie', 'delta', 'echoes', 'not');
    expect(CONFLICT_JACCARD).toBe(0.6);
    const plan = planFromWords(['alpha', 'bravo', 'charlie', 'delta', 'echoes'], six, 0.9, (w) => [...w]);
    expect(plan.conflictTerms).toEqual(['alpha', 'bravo', 'charlie']);
    expect(plan.negated).toBe(true);
  });

  it('ranks at most MAX_RANKED_WORDS words and appends the rest longest first', () => {
    const ranked = Array.from({ length: MAX_RANKED_WORDS }, (_, i) => `w${String(i).padStart(4, '0')}`);
    const rest = ['bb', 'aaaa', 'cc'];
    const seen: number[] = [];
    const reversed = (w: readonly string[]) => {
      seen.push(w.length);
      return [...w].reverse();
    };
    const plan = planFromWords([...ranked, ...rest], tokens(), 0.9, reversed);
    expect(seen).toEqual([MAX_RANKED_WORDS]);
    expect(plan.words.slice(0, 2)).toEqual([ranked[MAX_RANKED_WORDS - 1], ranked[MAX_RANKED_WORDS - 2]]);
    expect(plan.words.slice(MAX_RANKED_WORDS)).toEqual(['aaaa', 'bb', 'cc']);
  });
});

describe('word order without statistics', () => {
  it('compares by code unit: -1, 0 or 1', () => {
    expect([compareText('a', 'b'), compareText('b', 'a'), compareText('a', 'a'), compareText('B', 'a')]).toEqual([-1, 1, 0, -1]);
  });

  it('puts longer words first, equal lengths alphabetically', () => {
    expect(longestFirst(['bb', 'a', 'cc', 'aaa', 'ab'])).toEqual(['aaa', 'ab', 'bb', 'cc', 'a']);
  });
});
