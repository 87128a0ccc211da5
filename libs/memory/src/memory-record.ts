import type { MemoryClass } from './type-registry.js';

/** Lifecycle status of a record. Only `active` records are current knowledge. */
export type MemoryStatus = 'active' | 'superseded' | 'invalidated' | 'archived' | 'forgotten';

/** All statuses, in lifecycle order. */
export const MEMORY_STATUSES: readonly MemoryStatus[] = ['active', 'superseded', 'invalidated', 'archived', 'forgotten'];

/** Who vouches for a record: mirrors the kind of actor that wrote it. */
export type Trust = 'user' | 'agent' | 'tool' | 'import';

/** Provenance of a record (e.g. `{ type: 'session', id: 'abc' }`). */
export interface SourceRef {
  type: string;
  id: string | null;
}

/** The version-changing operations recorded in `memory_versions.operation`. */
export type VersionOperation =
  | 'create'
  | 'update'
  | 'supersede'
  | 'invalidate'
  | 'archive'
  | 'forget'
  | 'reinforce'
  | 'promote'
  | 'import';

/** A memory record (SPEC 3), camelCase. Historical versions carry no access or embedding data. */
export interface MemoryRecord {
  id: string;
  type: string;
  memoryClass: MemoryClass;
  content: string;
  metadata: Record<string, unknown>;
  tags: string[];
  scope: string;
  source: SourceRef;
  trust: Trust;
  status: MemoryStatus;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  validFrom: Date;
  validTo: Date | null;
  supersededBy: string | null;
  statusReason: string | null;
  archived: boolean;
  confidence: number;
  accessCount: number;
  accessedAt: Date | null;
  contentHash: string;
  embeddingModel: string | null;
  embeddingModelVersion: string | null;
  hasEmbedding: boolean;
}

/** A stored version of a record, with its transaction time and the gate request that wrote it. */
export interface MemoryVersion extends MemoryRecord {
  operation: VersionOperation;
  gateRequestId: string;
  recordedAt: Date;
}
