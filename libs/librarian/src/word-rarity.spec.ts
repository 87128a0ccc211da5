import { WordRarity } from './word-rarity.js';

describe('WordRarity', () => {
  it('orders rarest first, then longer, then alphabetical', () => {
    const r = new WordRarity();
    r.observe(['cache', 'cache', 'redis', 'postgres']);
    r.observe(['cache']);
    expect(r.order(['cache', 'redis', 'postgres', 'kafka', 'zookeeper'])).toEqual(['zookeeper', 'kafka', 'postgres', 'redis', 'cache']);
  });

  it('stays bounded: past the limit counts halve and one-offs are forgotten', () => {
    const r = new WordRarity(3);
    r.observe(['a', 'a', 'a', 'a', 'b', 'c']);
    r.observe(['d']);
    expect([r.count('a'), r.count('b'), r.count('c'), r.count('d')]).toEqual([2, 0, 0, 0]);
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
