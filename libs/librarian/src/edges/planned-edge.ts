import type { EdgeKind } from '@engram/memory';
import type { EdgeRow } from '../commit/commit-statement.js';
import type { RecordWriter } from '../commit/record.writer.js';

/*
 * The memory graph as the gate maintains it (ADR-0010). Layer 2 decides which edges a write
 * brings (explicit links of the request, the near neighbours and conflicts it found); they are
 * written after the record, in the same transaction, so a rolled-back request leaves no edge.
 */

/** An edge between the record a request commits and an existing record `other`. */
export interface PlannedEdge {
  kind: EdgeKind;
  other: string;
  /** 0 < weight ≤ 1: link weight, or the Layer 2 similarity for similar_to. */
  weight: number;
}

/** Kinds that say the same thing in both directions; stored once, in a canonical order. */
const SYMMETRIC: ReadonlySet<EdgeKind> = new Set(['similar_to', 'contradicts']);

/**
 * The stored (src, dst) of an edge from `recordId` to `other`. Directed kinds point from the new
 * record to the one it derives from / supports / relates to; symmetric ones are ordered by id, so
 * "A similar to B" and "B similar to A" are the same row and can never be stored twice.
 */
export function storedDirection(kind: EdgeKind, recordId: string, other: string): { src: string; dst: string } {
  if (SYMMETRIC.has(kind) && other < recordId) return { src: other, dst: recordId };
  return { src: recordId, dst: other };
}

/** Keeps one edge per (kind, other), the heaviest; drops self-loops. */
export function dedupeEdges(edges: readonly PlannedEdge[], recordId?: string): PlannedEdge[] {
  const best = new Map<string, PlannedEdge>();
  for (const e of edges) {
    if (e.other === recordId) continue;
    const key = `${e.kind}:${e.other}`;
    const seen = best.get(key);
    if (!seen || e.weight > seen.weight) best.set(key, e);
  }
  return [...best.values()];
}

/** The stored rows of the planned edges of a record (canonical direction, one per kind and other). */
export function edgeRows(recordId: string, edges: readonly PlannedEdge[] | undefined): EdgeRow[] {
  return dedupeEdges(edges ?? [], recordId).map((e) => {
    const { src, dst } = storedDirection(e.kind, recordId, e.other);
    return { srcId: src, dstId: dst, kind: e.kind, weight: e.weight };
  });
}

/** Writes the planned edges of the committed record in one statement (idempotent: the key is (src, dst, kind)). */
export async function writeEdges(writer: RecordWriter, recordId: string, edges: readonly PlannedEdge[] | undefined): Promise<number> {
  const rows = edgeRows(recordId, edges);
  await writer.addEdges(rows);
  return rows.length;
}
