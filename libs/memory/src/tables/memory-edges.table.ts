import type { Generated } from 'kysely';

/** Edge kinds of the memory graph (SPEC 5). */
export type EdgeKind = 'supersedes' | 'supports' | 'contradicts' | 'relates_to' | 'derived_from' | 'similar_to';

/** A directed, typed edge between two memory records. Written only by `engram_add_edge`. */
export interface MemoryEdgesTable {
  src_id: string;
  dst_id: string;
  kind: EdgeKind;
  weight: Generated<number>;
  created_at: Generated<Date>;
}

export const tableName = 'memory_edges';

export type PartialDB = { [tableName]: MemoryEdgesTable };
