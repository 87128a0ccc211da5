import { sql, type Kysely } from 'kysely';
import { isUuid, MEMORY_COLUMNS, toMemoryRecord, type MemoryDatabase, type MemoryRecord, type MemoryRow } from '@engram/memory';

/** What validation knows about one stored record, read fresh at validation time. */
export interface RecordState {
  record: MemoryRecord;
  /** The gate request that committed the head version; null when no stored version backs the head (orphan). */
  gateRequestId: string | null;
  recordedAt: Date | null;
  embedding: number[] | null;
  /** Records this one was derived from (memory_edges derived_from, or metadata.derived_from). */
  derivedFrom: string[];
}

/** The lifecycle state of a record another one was derived from. */
export interface SourceState {
  id: string;
  status: MemoryRecord['status'];
  supersededBy: string | null;
  scope: string;
}

type StateRow = MemoryRow & {
  embedding_text: string | null; gate_request_id: string | null; recorded_at: Date | string | null; derived_edges: string[] | null;
};

function parseVector(text: string | null): number[] | null {
  if (text === null) return null;
  return text.replace(/^\[|\]$/g, '').split(',').map(Number);
}

/** metadata.derived_from / derivedFrom: one id or a list; anything else is ignored. */
export function derivedFromMetadata(metadata: Record<string, unknown>): string[] {
  const raw = metadata.derived_from ?? metadata.derivedFrom;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((v): v is string => typeof v === 'string' && isUuid(v));
}

/**
 * Fresh head rows for `ids` with the stored version that backs each (provenance), the vector (for
 * near-duplicate collapse) and derived_from links, in one read. Ids that are not stored are simply absent.
 */
export async function loadRecordStates(db: Kysely<MemoryDatabase>, ids: readonly string[]): Promise<Map<string, RecordState>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const columns = sql.join(MEMORY_COLUMNS.map((c) => sql.ref(`m.${c}`)));
  const result = await sql<StateRow>`
    SELECT ${columns}, (m.embedding IS NOT NULL) AS has_embedding, m.embedding::text AS embedding_text,
      v.gate_request_id, v.recorded_at,
      ARRAY(SELECT e.dst_id::text FROM memory_edges e WHERE e.src_id = m.id AND e.kind = 'derived_from') AS derived_edges
    FROM memories m LEFT JOIN memory_versions v ON v.id = m.id AND v.version = m.version
    WHERE m.id = ANY(${valid}::uuid[])`.execute(db);
  const states = new Map<string, RecordState>();
  for (const row of result.rows) {
    const record = toMemoryRecord(row);
    const derivedFrom = [...new Set([...(row.derived_edges ?? []), ...derivedFromMetadata(record.metadata)])];
    states.set(row.id, {
      record, gateRequestId: row.gate_request_id, recordedAt: row.recorded_at === null ? null : new Date(row.recorded_at),
      embedding: parseVector(row.embedding_text), derivedFrom,
    });
  }
  return states;
}

/** Lifecycle state of derived_from sources (any scope: a cascade warns even about sources the caller cannot see). */
export async function loadSourceStates(db: Kysely<MemoryDatabase>, ids: readonly string[]): Promise<Map<string, SourceState>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db.selectFrom('memories').select(['id', 'status', 'superseded_by', 'scope'])
    .where(sql<boolean>`id = ANY(${valid}::uuid[])`).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, status: r.status as SourceState['status'], supersededBy: r.superseded_by, scope: r.scope }]));
}
