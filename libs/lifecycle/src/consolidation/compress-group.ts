import { createHash } from 'node:crypto';
import { CONSOLIDATION_KEY } from './consolidation-candidate.js';
import type { ConsolidationGroup } from './plan-consolidation.js';

/** Distinct event texts quoted in a compressed memory: enough to stay searchable, few enough to compress. */
const MAX_DETAILS = 10;
const MAX_DETAIL_CHARS = 120;

/** The memory a group compresses into (seed 003 2.4 format): readable content plus structured metadata. */
export interface CompressedMemory {
  /** Derived from the source ids, so a retried run proposes the same record, never a second one. */
  id: string;
  type: string;
  scope: string;
  content: string;
  metadata: Record<string, unknown>;
  tags: string[];
  validFrom: Date;
  /** derived_from the originals (ADR-010: originals kept, linked). */
  links: Array<{ kind: 'derived_from'; target: string }>;
}

/** What one compression saves. */
export interface CompressionNumbers {
  originals: number;
  /** 1 - compressed/original records (seed 003: "5 events → 1"). */
  recordRatio: number;
  /** 1 - compressed/original content bytes. */
  byteRatio: number;
}

/** A UUID (v4 layout) derived from a stable string, so the same group always yields the same id. */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex').split('');
  h[12] = '4';
  h[16] = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

const clip = (s: string) => (s.length > MAX_DETAIL_CHARS ? `${s.slice(0, MAX_DETAIL_CHARS - 1)}…` : s);
const distinct = (xs: string[]) => [...new Set(xs)];

/**
 * The seed's compressed form: "User X purchased [item_count: 4, item_types: A, B, C, D] within
 * [start_time: T1, end_time: T5], entity: User X, category: purchase_history". Content is the
 * readable line (entity, event type, categories or distinct event texts); metadata holds the
 * same numbers for programs, and the source ids.
 */
export function compressGroup(group: ConsolidationGroup): CompressedMemory {
  const events = group.events;
  const start = (events[0] as (typeof events)[number]).at;
  const end = (events[events.length - 1] as (typeof events)[number]).at;
  const details = distinct(events.map((e) => e.content.trim().replace(/\s+/g, ' ')));
  const categories = distinct(events.flatMap((e) => (e.category ? [e.category] : [])));
  const category = `${group.eventType}_history`;
  // Entity keys carry a kind prefix ("name:grace hopper", extractEntities); the sentence shows the name.
  const entity = group.entity.replace(/^[a-z]+:/, '');
  // Without categories the distinct event texts are the categories (clipped, capped), so search still finds the facts.
  const labels = categories.length ? categories : [...details.slice(0, MAX_DETAILS).map(clip), ...(details.length > MAX_DETAILS ? ['…'] : [])];
  const content = [
    `${entity} ${group.eventType} [count: ${events.length}, distinct: ${categories.length || details.length}, categories: ${labels.join(', ')}]`,
    `within [start_time: ${start.toISOString()}, end_time: ${end.toISOString()}], entity: ${entity}, category: ${category}.`,
  ].join(' ');
  const sources = events.map((e) => e.id);
  return {
    id: stableUuid(`consolidation:${[...sources].sort().join(',')}`),
    type: group.type,
    scope: group.scope,
    content,
    metadata: {
      [CONSOLIDATION_KEY]: {
        kind: 'compressed', entity: group.entity, event_type: group.eventType, count: events.length,
        distinct: categories.length || details.length, categories: labels, start_time: start.toISOString(), end_time: end.toISOString(),
        category, sources,
      },
      entities: [group.entity],
    },
    tags: ['consolidated'],
    validFrom: start,
    links: sources.map((target) => ({ kind: 'derived_from', target })),
  };
}

/** Savings of replacing `group`'s events by `compressed` in the active set. */
export function compressionNumbers(group: ConsolidationGroup, compressed: Pick<CompressedMemory, 'content'>): CompressionNumbers {
  const originalBytes = group.events.reduce((n, e) => n + Buffer.byteLength(e.content, 'utf8'), 0);
  const bytes = Buffer.byteLength(compressed.content, 'utf8');
  return {
    originals: group.events.length,
    recordRatio: 1 - 1 / group.events.length,
    byteRatio: originalBytes > 0 ? 1 - bytes / originalBytes : 0,
  };
}
