/** A value, when it was taken, and how long taking it took. */
export interface Snapshot<T> {
  value: T;
  takenAt: Date;
  tookMs: number;
}

/**
 * Stale-while-revalidate for a costly read: the first call waits for it; later calls get the
 * last snapshot at once and, when it is older than `maxAgeMs`, start one refresh in the
 * background. A failed refresh keeps the old snapshot (and is retried on the next call); with no
 * snapshot yet, the error reaches the caller.
 */
export class SnapshotCache<T> {
  private current: Snapshot<T> | undefined;
  private pending: Promise<Snapshot<T>> | undefined;

  constructor(private readonly load: () => Promise<T>, private readonly maxAgeMs: number, private readonly clock: () => number = Date.now) {}

  async get(): Promise<Snapshot<T>> {
    if (!this.current) return this.refresh();
    if (this.clock() - this.current.takenAt.getTime() > this.maxAgeMs) void this.refresh().catch(() => undefined);
    return this.current;
  }

  private refresh(): Promise<Snapshot<T>> {
    this.pending ??= (async () => {
      const started = this.clock();
      try {
        const value = await this.load();
        this.current = { value, takenAt: new Date(started), tookMs: this.clock() - started };
        return this.current;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }
}
