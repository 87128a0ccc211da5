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
