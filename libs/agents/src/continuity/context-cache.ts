import { LruCache } from './lru-cache.js';
import type { PrdContext } from './prd-context.js';

interface Entry {
  revision: number;
  context: PrdContext;
}

/**
 * The read-through cache of hot PRD contexts (seed 004 "PRD Execution Cache", in-process, LRU).
 * An entry is valid for one execution revision: every write bumps the revision in the database,
 * so a reader compares the row's revision (one primary-key lookup) with the cached one. That keeps
 * the cache correct when another process (a second server, the CLI) wrote the execution; writes
 * in this process also drop the entries at once so the memory is not held for stale data.
 */
export class PrdContextCache {
  private readonly lru: LruCache<string, Entry>;
  hits = 0;
  misses = 0;

  constructor(capacity: number) {
    this.lru = new LruCache(capacity);
  }

  private static key(id: string, variant: string): string {
    return `${id}|${variant}`;
  }

  get(id: string, variant: string, revision: number): PrdContext | undefined {
    const entry = this.lru.get(PrdContextCache.key(id, variant));
    if (entry && entry.revision === revision) {
      this.hits += 1;
      return entry.context;
    }
    this.misses += 1;
    return undefined;
  }

  set(id: string, variant: string, context: PrdContext): void {
    this.lru.set(PrdContextCache.key(id, variant), { revision: context.execution.revision, context });
  }

  /** Drops every cached view of one execution. */
  invalidate(id: string): void {
    this.lru.deleteWhere((k) => k.startsWith(`${id}|`));
  }

  get size(): number {
    return this.lru.size;
  }
}
