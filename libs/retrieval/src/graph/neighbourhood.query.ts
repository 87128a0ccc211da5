import { sql, type Kysely } from 'kysely';
import type { EdgeKind, MemoryDatabase } from '@engram/memory';
import type { GraphEdge, GraphStep } from './graph.types.js';

/** Bounds of a neighbourhood load. */
export interface NeighbourhoodBounds {
  /** Exact scopes the reader may see; both ends of every loaded edge are in them. */
  scopes: string[];
  kinds: EdgeKind[];
  maxHops: number;
  maxNodes: number;
}

/** The bounded neighbourhood of the seeds with the BFS tree that reached each node. */
export interface Neighbourhood {
  nodes: Set<string>;
  edges: GraphEdge[];
  hops: Map<string, number>;
  /** First edge (BFS order) that reached each non-seed node. */
  parent: Map<string, GraphStep>;
  truncated: boolean;
}

interface EdgeRow {
  src_id: string;
  dst_id: string;
  kind: EdgeKind;
  weight: number | string;
}

/**
 * Edges touching `frontier` whose BOTH ends are in the reader's scopes and not forgotten. The
 * scope check lives in this one query, so no edge can lead traversal into a record the reader
 * cannot see, whatever edges exist (ADR-0010). Superseded, invalidated or expired records may be
 * bridges; whether a record may be RETURNED is decided afterwards by the search visibility filter.
 */
async function edgesTouching(db: Kysely<MemoryDatabase>, frontier: string[], b: NeighbourhoodBounds): Promise<GraphEdge[]> {
  const rows = await sql<EdgeRow>`
    SELECT e.src_id, e.dst_id, e.kind, e.weight
    FROM memory_edges e
    JOIN memories s ON s.id = e.src_id
    JOIN memories d ON d.id = e.dst_id
    WHERE (e.src_id = ANY(${frontier}::uuid[]) OR e.dst_id = ANY(${frontier}::uuid[]))
      AND e.kind = ANY(${b.kinds}::text[])
      AND s.scope = ANY(${b.scopes}::text[]) AND d.scope = ANY(${b.scopes}::text[])
      AND s.status <> 'forgotten' AND d.status <> 'forgotten'
    ORDER BY e.weight DESC, e.src_id, e.dst_id, e.kind`.execute(db);
  return rows.rows.map((r) => ({ src: r.src_id, dst: r.dst_id, kind: r.kind, weight: Number(r.weight) }));
}

/**
 * Breadth-first load of the seeds' neighbourhood, one query per hop, at most `maxHops` hops and
 * `maxNodes` nodes (seeds included). Edges are followed in both directions. Once the node cap is
 * reached no new node is admitted, but edges between admitted nodes are still kept.
 */
export async function loadNeighbourhood(db: Kysely<MemoryDatabase>, seeds: string[], b: NeighbourhoodBounds): Promise<Neighbourhood> {
  const nodes = new Set(seeds);
  const hops = new Map(seeds.map((s) => [s, 0]));
  const parent = new Map<string, GraphStep>();
  const seen = new Set<string>();
  const edges: GraphEdge[] = [];
  let frontier = [...seeds];
  let truncated = false;
  for (let hop = 1; hop <= b.maxHops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const e of await edgesTouching(db, frontier, b)) {
      const key = `${e.src}|${e.dst}|${e.kind}`;
      if (seen.has(key)) continue;
      for (const [from, to] of [[e.src, e.dst], [e.dst, e.src]] as const) {
        if (nodes.has(to) || hops.get(from) !== hop - 1) continue;
        if (nodes.size >= b.maxNodes) { truncated = true; continue; }
        nodes.add(to);
        hops.set(to, hop);
        parent.set(to, { from, to, kind: e.kind });
        next.push(to);
      }
      if (nodes.has(e.src) && nodes.has(e.dst)) {
        seen.add(key);
        edges.push(e);
      }
    }
    frontier = next;
  }
  return { nodes, edges, hops, parent, truncated };
}
