import { isScope } from '@engram/memory';
import { InvalidEventError } from '@engram/memory';

/** Where an implicit event comes from (SPEC 7: hooks, telemetry, PRD events). */
export type ImplicitSource = 'hook' | 'prd' | 'telemetry';
export const IMPLICIT_SOURCES: readonly ImplicitSource[] = ['hook', 'prd', 'telemetry'];

/** One raw event before stage 1 (seed 003 "Raw event from agent"). */
export interface ImplicitEvent {
  source: ImplicitSource;
  /** What happened, e.g. `PostToolUse`, `blocker_hit`; becomes the memory's `metadata.event_type`. */
  kind: string;
  text: string;
  /** When it happened (source time); recency is measured from here. */
  ts: Date;
  /**
   * The source's own "now" (e.g. the newest event of an imported or backfilled conversation):
   * recency is measured up to this time instead of the clock, so history can form memories. Never
   * later than the clock, and at most {@link MAX_RECENCY_REWIND_DAYS} before it.
   */
  recencyFrom?: Date;
  scope: string;
  sessionId?: string;
  /** Entities the caller already knows (an entity id, a requirement); merged with extracted ones. */
  entities?: string[];
  /** The memory type the caller proposes (PRD formation does); otherwise the decay category decides. */
  type?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  source_ref?: { type: string; id: string | null };
}

const MAX_TEXT = 20_000;
/** How far back a source's own time may move the recency reference (ten years): the cap on trusting it. */
export const MAX_RECENCY_REWIND_DAYS = 3650;
const KIND_RE = /^[A-Za-z][\w.:-]{0,63}$/;

/** Stage 1 step 1: validates the schema; throws InvalidEventError naming the first bad field. */
export function validateEvent(e: ImplicitEvent): void {
  if (!IMPLICIT_SOURCES.includes(e.source)) throw new InvalidEventError(`source must be one of ${IMPLICIT_SOURCES.join(', ')}`);
  if (typeof e.kind !== 'string' || !KIND_RE.test(e.kind)) throw new InvalidEventError('kind must be a word of at most 64 characters (letters, digits, _ . : -)');
  if (typeof e.text !== 'string' || e.text.trim() === '') throw new InvalidEventError('text must not be empty');
  if (e.text.length > MAX_TEXT) throw new InvalidEventError(`text is longer than ${MAX_TEXT} characters`);
  if (!(e.ts instanceof Date) || Number.isNaN(e.ts.getTime())) throw new InvalidEventError('ts must be a valid time');
  if (e.recencyFrom !== undefined && (!(e.recencyFrom instanceof Date) || Number.isNaN(e.recencyFrom.getTime()))) {
    throw new InvalidEventError('recencyFrom must be a valid time');
  }
  if (!isScope(e.scope)) throw new InvalidEventError(`scope "${e.scope}" is not global, project:<id> or agent:<id>`);
  if (e.entities && (!Array.isArray(e.entities) || e.entities.some((x) => typeof x !== 'string' || x.length > 200))) {
    throw new InvalidEventError('entities must be strings of at most 200 characters');
  }
}

/** The event type key consolidation groups by: the kind, lower snake case (`PostToolUse` → `post_tool_use`). */
export function eventTypeOf(kind: string): string {
  return kind.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[.:-]+/g, '_').toLowerCase();
}
