import { sql, type Kysely } from 'kysely';
import { daysBetween, effectiveConfidence, type MemoryDatabase } from '@engram/memory';
import { CONSOLIDATION_KEY } from '../consolidation/consolidation-candidate.js';

/** Seed 003 8.2 "% memories at each age bucket (0-7d, 7-14d, etc.)": upper bounds in days. */
export const AGE_BUCKETS_DAYS = [7, 14, 30, 90, 365] as const;
/** Upper bounds of the effective-confidence histogram (seed 003 8.2 "relevance distribution"). */
export const CONFIDENCE_BUCKETS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

/** One histogram bucket: values <= `le` (and above the previous bound). */
export interface Bucket {
  le: number | '+Inf';
  count: number;
}

/** The memory side of `engram stats` and /metrics. */
export interface MemoryStats {
  byStatus: Record<string, number>;
  active: number;
  averageAgeDays: number | null;
  ageBuckets: Bucket[];
  averageEffectiveConfidence: number | null;
  effectiveConfidence: Bucket[];
  /** Active memories an archive sweep would archive now. */
  belowArchiveThreshold: number;
  consolidation: ConsolidationStats;
}

/** Consolidation numbers: how much compressing saved. */
export interface ConsolidationStats {
  /** Memories written by consolidation (active or archived). */
  compressedMemories: number;
  /** Originals they were derived from. */
  sources: number;
  /** 1 - compressed/sources (0 when nothing was compressed). */
  recordRatio: number;
  /** 1 - compressed content bytes / original content bytes. */
  byteRatio: number;
}

function histogram(values: number[], bounds: readonly number[]): Bucket[] {
  const counts = bounds.map(() => 0);
  let over = 0;
  for (const v of values) {
    const i = bounds.findIndex((b) => v <= b);
    if (i === -1) over++;
    else counts[i] = (counts[i] ?? 0) + 1;
  }
  return [...bounds.map((le, i) => ({ le, count: counts[i] ?? 0 })), { le: '+Inf' as const, count: over }];
}

// Bounded id lists per query (a statement holds at most 65 535 parameters).
async function inChunks(ids: string[], read: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 5000) for (const [k, v] of await read(ids.slice(i, i + 5000))) out.set(k, v);
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Reads the memory tables (never writes) and summarises them at `now`. */
export async function collectMemoryStats(
  db: Kysely<any>, now: Date, halfLifeDays: (type: string) => number, archiveThreshold: number,
  decayFactors?: (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>,
): Promise<MemoryStats> {
  const m = db as Kysely<MemoryDatabase>;
  const statusRows = await m.selectFrom('memories').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  const active = await m.selectFrom('memories').select(['id', 'type', 'confidence', 'created_at', 'updated_at', 'accessed_at'])
    .where('status', '=', 'active').where('archived', '=', false).execute();
  const ages = active.map((r) => daysBetween(now, new Date(r.created_at)));
  const factors = decayFactors ? await inChunks(active.map((r) => r.id), decayFactors) : new Map<string, number>();
  const effective = active.map((r) => effectiveConfidence(
    { confidence: Number(r.confidence), updatedAt: new Date(r.updated_at), accessedAt: r.accessed_at ? new Date(r.accessed_at) : null }, halfLifeDays(r.type), now,
    { halfLifeFactor: factors.get(r.id) ?? 1 }));
  return {
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)])),
    active: active.length,
    averageAgeDays: mean(ages),
    ageBuckets: histogram(ages, AGE_BUCKETS_DAYS),
    averageEffectiveConfidence: mean(effective),
    effectiveConfidence: histogram(effective, CONFIDENCE_BUCKETS),
    belowArchiveThreshold: effective.filter((e) => e < archiveThreshold).length,
    consolidation: await consolidationStats(db),
  };
}

async function consolidationStats(db: Kysely<any>): Promise<ConsolidationStats> {
  const r = await sql<{ compressed: string | number; sources: string | number; compressed_bytes: string | number | null; source_bytes: string | number | null }>`
    WITH c AS (SELECT id, octet_length(content) AS bytes FROM memories WHERE metadata ? ${sql.lit(CONSOLIDATION_KEY)} AND status IN ('active', 'archived')),
         s AS (SELECT DISTINCT e.dst_id AS id FROM memory_edges e JOIN c ON c.id = e.src_id WHERE e.kind = 'derived_from')
    SELECT (SELECT count(*) FROM c) AS compressed, (SELECT count(*) FROM s) AS sources,
           (SELECT sum(bytes) FROM c) AS compressed_bytes,
           (SELECT sum(octet_length(m.content)) FROM memories m JOIN s ON s.id = m.id) AS source_bytes`.execute(db);
  const row = r.rows[0];
  const compressed = Number(row?.compressed ?? 0);
  const sources = Number(row?.sources ?? 0);
  const sourceBytes = Number(row?.source_bytes ?? 0);
  return {
    compressedMemories: compressed,
    sources,
    recordRatio: sources > 0 ? 1 - compressed / sources : 0,
    byteRatio: sourceBytes > 0 ? 1 - Number(row?.compressed_bytes ?? 0) / sourceBytes : 0,
  };
}
