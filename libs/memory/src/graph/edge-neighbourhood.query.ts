import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from '../database-schema.js';
import type { MemoryStatus } from '../memory-record.js';
import type { EdgeKind } from '../tables/memory-edges.table.js';

/** A record in a drawn neighbourhood: enough to label a node and link to it. */
export interface NeighbourNode {
  id: string;
  type: string;
  scope: string;
  status: MemoryStatus;
  /** The first 80 characters of the content. */
  label: string;
  /** Hops from the centre (0 for the centre). */
  hop: number;
}

/** One stored edge between two drawn nodes. */
export interface NeighbourEdge {
  src: string;
  dst: string;
  kind: EdgeKind;
  weight: number;
}

/** The records within `hops` edges of one record, as an operator sees them (every scope). */
export interface EdgeNeighbourhood {
  nodes: NeighbourNode[];
  edges: NeighbourEdge[];
  /** More records were reachable than `maxNodes`. */
  truncated: boolean;
}

interface EdgeRow { src_id: string; dst_id: string; kind: EdgeKind; weight: number | string }
interface NodeRow { id: string; type: string; scope: string; status: MemoryStatus; label: string }

async function edgesOf(db: Kysely<MemoryDatabase>, ids: string[]): Promise<NeighbourEdge[]> {
  const rows = await sql<EdgeRow>`
    SELECT src_id, dst_id, kind, weight FROM memory_edges
    WHERE src_id = ANY(${ids}::uuid[]) OR dst_id = ANY(${ids}::uuid[])
    ORDER BY weight DESC, src_id, dst_id, kind LIMIT 500`.execute(db);
  return rows.rows.map((r) => ({ src: r.src_id, dst: r.dst_id, kind: r.kind, weight: Number(r.weight) }));
}

/**
 * Breadth-first load (one query per hop, both directions) of the records around `id`, for an
 * operator's graph view: unlike retrieval's scoped neighbourhood it crosses scopes and shows
 * superseded or forgotten records, because the operator inspects the whole store.
 */
export async function readEdgeNeighbourhood(
  db: Kysely<MemoryDatabase>, id: string, { hops = 2, maxNodes = 40 }: { hops?: number; maxNodes?: number } = {},
): Promise<EdgeNeighbourhood> {
  const hopOf = new Map<string, number>([[id, 0]]);
  const edges = new Map<string, NeighbourEdge>();
  let frontier = [id];
  let truncated = false;
  for (let hop = 1; hop <= hops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const e of await edgesOf(db, frontier)) {
      for (const other of [e.src, e.dst]) {
        if (hopOf.has(other)) continue;
        if (hopOf.size >= maxNodes) { truncated = true; continue; }
        hopOf.set(other, hop);
        next.push(other);
      }
      if (hopOf.has(e.src) && hopOf.has(e.dst)) edges.set(`${e.src}|${e.dst}|${e.kind}`, e);
    }
    frontier = next;
  }
  const rows = await sql<NodeRow>`
    SELECT id, type, scope, status, left(content, 80) AS label FROM memories WHERE id = ANY(${[...hopOf.keys()]}::uuid[])`.execute(db);
  const nodes = rows.rows.map((r) => ({ ...r, hop: hopOf.get(r.id) ?? 0 })).sort((a, b) => a.hop - b.hop || a.id.localeCompare(b.id));
  return { nodes, edges: [...edges.values()], truncated };
}
