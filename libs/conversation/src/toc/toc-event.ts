/**
 * The fields of a conversation event the TOC reads. `ConversationEvent` of the event log satisfies
 * it; the pure TOC code depends on this narrower shape only, so it can be tested without a database.
 */
export interface TocEvent {
  eventId: string;
  ts: Date;
  seq: number;
  kind: string;
  role: string | null;
  text: string | null;
  tokens: number | null;
  agent: string | null;
  sessionId: string | null;
}

/** Token count of an event: the stored count, else the usual ~4 characters per token estimate. */
export function eventTokens(e: Pick<TocEvent, 'tokens' | 'text'>): number {
  if (e.tokens !== null && e.tokens >= 0) return e.tokens;
  return Math.ceil((e.text ?? '').length / 4);
}

/** Log order: source time, then ingestion order (seed 002 ING-04). */
export function byLogOrder(a: Pick<TocEvent, 'ts' | 'seq'>, b: Pick<TocEvent, 'ts' | 'seq'>): number {
  return a.ts.getTime() - b.ts.getTime() || a.seq - b.seq;
}
