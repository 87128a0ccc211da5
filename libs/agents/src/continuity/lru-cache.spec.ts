import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond capacity', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.get('b')).toBeUndefined();
    lru.set('a', 10);
    lru.set('d', 4);
    expect(lru.keys()).toEqual(['a', 'd']);
    expect(lru.size).toBe(2);
  });

  it('deletes by key and by predicate, and refuses a useless capacity', () => {
    const lru = new LruCache<string, number>(5);
    for (const k of ['x|1', 'x|2', 'y|1']) lru.set(k, 1);
    lru.deleteWhere((k) => k.startsWith('x|'));
    expect(lru.keys()).toEqual(['y|1']);
    lru.delete('y|1');
    expect(lru.size).toBe(0);
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
