/**
 * Gathers what arrives in one turn of the event loop into batches of at most `max` (ADR-0017's
 * group commit, ADR-0048's shared reads): concurrent callers whose earlier awaits came back
 * together share one statement. A full batch goes at once; a partial one one turn later at most.
 */
export class TurnBatch<T> {
  private waiting: T[] = [];
  private scheduled = false;

  constructor(private readonly max: number, private readonly run: (batch: T[]) => void) {}

  add(item: T): void {
    this.waiting.push(item);
    if (this.waiting.length >= this.max) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    while (this.waiting.length > 0) this.run(this.waiting.splice(0, this.max));
  }
}
