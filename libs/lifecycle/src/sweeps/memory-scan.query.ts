import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from '@engram/memory';
import { CONSOLIDATION_KEY, type CandidateRow } from '../consolidation/consolidation-candidate.js';

/** What the archive sweep needs of an active memory to judge its effective confidence. */
export interface DecayRow {
  id: string;
  version: number;
  type: string;
  scope: string;
  confidence: number;
  updatedAt: Date;
  accessedAt: Date | null;
}

/**
 * One keyset page of active memories after `afterId` (id order, so a checkpointed cursor is stable
 * however many rows the sweep archives meanwhile). Reads only; changes go through the gate.
 */
export async function scanActivePage(db: Kysely<any>, afterId: string | null, limit: number): Promise<DecayRow[]> {
  const rows = await (db as Kysely<MemoryDatabase>).selectFrom('memories')
    .select(['id', 'version', 'type', 'scope', 'confidence', 'updated_at', 'accessed_at'])
    .where('status', '=', 'active').where('archived', '=', false)
    .$if(afterId !== null, (q) => q.where('id', '>', afterId as string))
    .orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id, version: r.version, type: r.type, scope: r.scope, confidence: Number(r.confidence),
    updatedAt: new Date(r.updated_at), accessedAt: r.accessed_at ? new Date(r.accessed_at) : null,
  }));
}

/** Active memories that may be events (episodes or engine-formed with an event type), not consolidation results. */
export async function loadEventRows(db: Kysely<any>): Promise<CandidateRow[]> {
  const rows = await (db as Kysely<MemoryDatabase>).selectFrom('memories')
    .select(['id', 'version', 'scope', 'type', 'content', 'valid_from', 'metadata'])
    .where('status', '=', 'active').where('archived', '=', false)
    .where((eb) => eb.or([eb('type', '=', 'episode'), sql<boolean>`metadata ? 'event_type'`]))
    .where(sql<boolean>`NOT (metadata ? ${sql.lit(CONSOLIDATION_KEY)})`)
    .orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, version: r.version, scope: r.scope, type: r.type, content: r.content, valid_from: new Date(r.valid_from),
    metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, unknown>,
  }));
}

/** A source of a consolidation memory (derived_from target) with its current state. */
export interface ConsolidatedSource {
  consolidationId: string;
  sourceId: string;
  sourceVersion: number;
  sourceStatus: string;
  sourceArchived: boolean;
}

/**
 * Every original already compressed by a live consolidation memory. The sweep excludes them from
 * planning (so a second run compresses nothing twice) and archives those still active (so a run that
 * crashed between the create and the archives is completed by the next one).
 */
export async function loadConsolidatedSources(db: Kysely<any>): Promise<ConsolidatedSource[]> {
  const rows = await (db as Kysely<MemoryDatabase>).selectFrom('memory_edges as e')
    .innerJoin('memories as c', 'c.id', 'e.src_id')
    .innerJoin('memories as s', 's.id', 'e.dst_id')
    .select(['e.src_id', 'e.dst_id', 's.version', 's.status', 's.archived'])
    .where('e.kind', '=', 'derived_from')
    .where('c.status', 'in', ['active', 'archived'])
    .where(sql<boolean>`c.metadata ? ${sql.lit(CONSOLIDATION_KEY)}`)
    .execute();
  return rows.map((r) => ({ consolidationId: r.src_id, sourceId: r.dst_id, sourceVersion: r.version, sourceStatus: r.status, sourceArchived: r.archived }));
}
