/**
 * A bounded least-recently-used map. A JavaScript Map iterates in insertion order, so re-inserting
 * on every hit keeps the least recently used entry first, and eviction deletes the first key.
 * (ADR-0009: 30 lines here instead of a dependency for one bounded map.)
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`LRU capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Deletes every entry whose key matches (e.g. all cached views of one execution). */
  deleteWhere(match: (key: K) => boolean): void {
    for (const key of [...this.entries.keys()]) if (match(key)) this.entries.delete(key);
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }
}
