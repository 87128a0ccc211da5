import { sql, type Kysely } from 'kysely';
import { isUuid, toMemoryRecord, type MemoryDatabase, type MemoryRecord, type MemoryRow } from '@engram/memory';
import { memoryColumnsOf } from '../queries/memory-columns.sql.js';

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

type SourceRow = { id: string; status: string; superseded_by: string | null; scope: string };
type StateRow = MemoryRow & {
  embedding_bytes: Uint8Array | null; gate_request_id: string | null; recorded_at: Date | string | null; derived_edges: string[] | null;
  sources: SourceRow[] | string | null; decay_factor: number | string | null;
};

/**
 * Where outcome feedback keeps each memory's half-life factor (lifecycle, ADR-0014): a table with
 * one row per memory that earned one. Identifiers, never values: they are quoted as such.
 */
export interface DecayFactorTable {
  table: string;
  memoryId: string;
  factor: string;
}

/** Everything validation and ranking read about a set of records, from one statement. */
export interface RecordStates {
  states: Map<string, RecordState>;
  /** The records any of them was derived from (any scope), by id. */
  sources: Map<string, SourceState>;
  /** Half-life factors earned by feedback, when a factor table was given (missing ids mean 1). */
  factors: Map<string, number> | null;
}

/**
 * A vector in pgvector's binary form (`vector_send`: dimensions and a reserved word as int16, then
 * each element as a big-endian float4). Read so rather than as text: printing and parsing 384
 * floats per record was half the validation read (40 records: 4.5 ms against 2.4 ms in PGlite,
 * 2.8 against 1.2 natively), and the floats are the stored ones exactly.
 */
export function vectorFromBytes(bytes: Uint8Array | null): number[] | null {
  if (bytes === null) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dim = view.getUint16(0);
  if (bytes.byteLength !== 4 + 4 * dim) throw new Error(`a stored vector of ${dim} dimensions came as ${bytes.byteLength} bytes`);
  return Array.from({ length: dim }, (_, i) => view.getFloat32(4 + 4 * i));
}

/** metadata.derived_from / derivedFrom: one id or a list; anything else is ignored. */
export function derivedFromMetadata(metadata: Record<string, unknown>): string[] {
  const raw = metadata.derived_from ?? metadata.derivedFrom;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((v): v is string => typeof v === 'string' && isUuid(v));
}

// The uuids among metadata's derived_from / derivedFrom (one id or a list), as SQL. Both keys are
// read, a superset of what derivedFromMetadata keeps: a source state too many is never looked up,
// one too few would hide a cascade.
const METADATA_SOURCES = '$.keyvalue() ? (@.key == "derived_from" || @.key == "derivedFrom").value[*] ? (@.type() == "string" && @ like_regex "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" flag "i")';

function factorOf(table: DecayFactorTable | undefined) {
  if (table === undefined) return sql`NULL::float8`;
  return sql`(SELECT f.${sql.ref(table.factor)}::float8 FROM ${sql.table(table.table)} AS f WHERE f.${sql.ref(table.memoryId)} = m.id)`;
}

/**
 * Fresh head rows for `ids` with the stored version that backs each (provenance), the vector (for
 * near-duplicate collapse), derived_from links, the state of every source they name and, given
 * `factors`, each one's half-life factor: ONE read (ADR-0042). Ids that are not stored are simply absent.
 */
export async function loadRecordStates(db: Kysely<MemoryDatabase>, ids: readonly string[], factors?: DecayFactorTable): Promise<RecordStates> {
  const valid = [...new Set(ids.filter(isUuid))];
  const out: RecordStates = { states: new Map(), sources: new Map(), factors: factors ? new Map() : null };
  if (valid.length === 0) return out;
  const result = await sql<StateRow>`
    SELECT ${memoryColumnsOf('m')}, (m.embedding IS NOT NULL) AS has_embedding, vector_send(m.embedding) AS embedding_bytes,
      v.gate_request_id, v.recorded_at,
      d.edges::text[] AS derived_edges,
      (SELECT json_agg(json_build_object('id', s.id, 'status', s.status, 'superseded_by', s.superseded_by, 'scope', s.scope))
         FROM memories s WHERE s.id = ANY(d.edges || ARRAY(SELECT (j #>> '{}')::uuid FROM jsonb_path_query(m.metadata, ${METADATA_SOURCES}::jsonpath) AS j))) AS sources,
      ${factorOf(factors)} AS decay_factor
    FROM memories m LEFT JOIN memory_versions v ON v.id = m.id AND v.version = m.version
      CROSS JOIN LATERAL (SELECT ARRAY(SELECT e.dst_id FROM memory_edges e WHERE e.src_id = m.id AND e.kind = 'derived_from') AS edges) d
    WHERE m.id = ANY(${valid}::uuid[])`.execute(db);
  for (const row of result.rows) {
    const record = toMemoryRecord(row);
    const derivedFrom = [...new Set([...(row.derived_edges ?? []), ...derivedFromMetadata(record.metadata)])];
    out.states.set(row.id, {
      record, gateRequestId: row.gate_request_id, recordedAt: row.recorded_at === null ? null : new Date(row.recorded_at),
      embedding: vectorFromBytes(row.embedding_bytes), derivedFrom,
    });
    const sources = typeof row.sources === 'string' ? (JSON.parse(row.sources) as SourceRow[]) : (row.sources ?? []);
    for (const src of sources) out.sources.set(src.id, { id: src.id, status: src.status as SourceState['status'], supersededBy: src.superseded_by, scope: src.scope });
    if (out.factors && row.decay_factor !== null) out.factors.set(row.id, Number(row.decay_factor));
  }
  return out;
}
