/** One active memory seen as an event that consolidation may compress (seed 003 2.4). */
export interface ConsolidationCandidate {
  id: string;
  version: number;
  scope: string;
  type: string;
  content: string;
  /** When the event happened (the record's valid_from). */
  at: Date;
  /** Event type: the engine's `metadata.event_type`. */
  eventType: string;
  /** Entities the event is about: the engine's `metadata.entities`, else extracted from content. */
  entities: string[];
  /** A short label of what varied between events (`metadata.category`/`item`), when given. */
  category?: string;
}

/** The columns of a memory row a candidate is built from. */
export interface CandidateRow {
  id: string;
  version: number;
  scope: string;
  type: string;
  content: string;
  valid_from: Date;
  metadata: Record<string, unknown>;
}

/** Marks a memory written by consolidation; such a memory is never compressed again. */
export const CONSOLIDATION_KEY = 'consolidation';

const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]).map((s) => s.trim()).filter(Boolean) : undefined;
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The event view of a row, or null when it is not an event: consolidation compresses events (seed
 * 003 "5+ events with same entity and event type"), so only rows with an event type qualify:
 * memories formed from implicit events (`metadata.event_type`, set by the decision engine or a client
 * that stores events), never a consolidation result. A memory someone chose to store, an episode
 * included, keeps its own words: compressing it would replace what they said with a count.
 */
export function toCandidate(row: CandidateRow, extractEntities: (text: string) => string[]): ConsolidationCandidate | null {
  const meta = row.metadata ?? {};
  if (meta[CONSOLIDATION_KEY] !== undefined) return null;
  const eventType = nonEmpty(meta['event_type']);
  if (!eventType) return null;
  const entities = stringList(meta['entities']) ?? extractEntities(row.content);
  if (entities.length === 0) return null;
  const category = nonEmpty(meta['category']) ?? nonEmpty(meta['item']);
  return {
    id: row.id, version: row.version, scope: row.scope, type: row.type, content: row.content, at: row.valid_from, eventType,
    entities: [...new Set(entities)], ...(category ? { category } : {}),
  };
}
