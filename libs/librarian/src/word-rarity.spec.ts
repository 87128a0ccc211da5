import { lexemeOf, WordRarity } from './word-rarity.js';

describe('WordRarity', () => {
  it('orders rarest first, then longer, then alphabetical', () => {
    const r = new WordRarity();
    r.observe(['cache', 'cache', 'redis', 'postgres']);
    r.observe(['cache']);
    expect(r.order(['cache', 'redis', 'postgres', 'kafka', 'zookeeper'])).toEqual(['zookeeper', 'kafka', 'postgres', 'redis', 'cache']);
  });

  it('counts texts per lexeme, the key of the full-text posting lists (Porter2 stems, numbers as they are)', () => {
    const r = new WordRarity();
    r.observe(['tests', 'testing']);
    r.observe(['test', '5667']);
    r.observe(['deliveries']);
    expect([r.count('test'), r.count('tests'), r.count('delivery'), r.count('5667'), r.count('566')]).toEqual([2, 2, 1, 1, 0]);
    expect(lexemeOf('benchmarked')).toBe('benchmark');
    expect(r.order(['tests', 'incident', 'delivery'])).toEqual(['incident', 'delivery', 'tests']);
  });

  it('keeps numbers whole (the stemmer would turn 123 into 12i) and stems words up to 64 characters', () => {
    expect(lexemeOf('123')).toBe('123');
    expect(lexemeOf('1tests')).toBe('1test');
    const stemmable = `${'x'.repeat(59)}tests`;
    expect(lexemeOf(stemmable)).toBe(`${'x'.repeat(59)}test`);
    expect(lexemeOf(`x${stemmable}`)).toBe(`x${stemmable}`);
  });

  it('stays bounded: past the limit counts halve and one-offs are forgotten', () => {
    const r = new WordRarity(3);
    for (let i = 0; i < 4; i++) r.observe(['a']);
    r.observe(['b', 'c']);
    r.observe(['d']);
    expect([r.count('a'), r.count('b'), r.count('c'), r.count('d')]).toEqual([2, 0, 0, 0]);
  });

  it('halves a count of two to one, forgets only the ones, and frees the room it made', () => {
    const r = new WordRarity(3);
    for (let i = 0; i < 4; i++) r.observe(['alpha']);
    r.observe(['fox']);
    r.observe(['fox']);
    r.observe(['bee']);
    r.observe(['dog']);
    expect([r.count('alpha'), r.count('fox'), r.count('bee'), r.count('dog')]).toEqual([2, 1, 0, 0]);
    // Two words are left, so one more fits without another halving.
    r.observe(['eel']);
    expect([r.count('alpha'), r.count('fox'), r.count('eel')]).toEqual([2, 1, 1]);
  });
});

describe('WordRarity.warm', () => {
  it('loads its sample once, and again only after a failure', async () => {
    const r = new WordRarity();
    let calls = 0;
    const failing = async (): Promise<string[][]> => {
      calls++;
      throw new Error('database down');
    };
    await r.warm(failing);
    expect(r.count('cache')).toBe(0);
    const sample = async () => {
      calls++;
      return [['cache', 'redis'], ['cache']];
    };
    await Promise.all([r.warm(sample), r.warm(sample)]);
    await r.warm(sample);
    expect([calls, r.count('cache'), r.count('redis')]).toEqual([2, 2, 1]);
  });
});
