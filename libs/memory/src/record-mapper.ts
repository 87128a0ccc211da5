import { sql } from 'kysely';
import type { MemoryRecord, MemoryStatus, MemoryVersion, Trust, VersionOperation } from './memory-record.js';
import type { MemoryClass } from './type-registry.js';

/** The head-row columns a reader selects: everything but the raw vector and the tsvector. */
export const MEMORY_COLUMNS = [
  'id', 'version', 'type', 'memory_class', 'content', 'metadata', 'tags', 'scope', 'source_type', 'source_id',
  'trust', 'status', 'created_at', 'updated_at', 'valid_from', 'valid_to', 'superseded_by', 'status_reason',
  'archived', 'confidence', 'access_count', 'accessed_at', 'content_hash', 'embedding_model',
  'embedding_model_version',
] as const;

/** `has_embedding` computed in SQL so the vector itself never leaves the database on reads. */
export const HAS_EMBEDDING = sql<boolean>`(embedding IS NOT NULL)`.as('has_embedding');

/** A head row as selected with MEMORY_COLUMNS + HAS_EMBEDDING. */
export interface MemoryRow {
  id: string;
  version: number;
  type: string;
  memory_class: string;
  content: string;
  metadata: unknown;
  tags: string[] | null;
  scope: string;
  source_type: string;
  source_id: string | null;
  trust: string;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
  valid_from: Date | string;
  valid_to: Date | string | null;
  superseded_by: string | null;
  status_reason: string | null;
  archived: boolean;
  confidence: number | string;
  access_count?: number | string | null;
  accessed_at?: Date | string | null;
  content_hash: string;
  embedding_model?: string | null;
  embedding_model_version?: string | null;
  has_embedding?: boolean | null;
}

/** A memory_versions row. */
export interface MemoryVersionRow extends MemoryRow {
  operation: string;
  gate_request_id: string;
  recorded_at: Date | string;
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function toOptionalDate(value: Date | string | null | undefined): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

function toMetadata(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** Maps a head row (snake_case) to the camelCase domain record. */
export function toMemoryRecord(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    type: row.type,
    memoryClass: row.memory_class as MemoryClass,
    content: row.content,
    metadata: toMetadata(row.metadata),
    tags: row.tags ?? [],
    scope: row.scope,
    source: { type: row.source_type, id: row.source_id },
    trust: row.trust as Trust,
    status: row.status as MemoryStatus,
    version: Number(row.version),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    validFrom: toDate(row.valid_from),
    validTo: toOptionalDate(row.valid_to),
    supersededBy: row.superseded_by,
    statusReason: row.status_reason,
    archived: row.archived,
    confidence: Number(row.confidence),
    accessCount: Number(row.access_count ?? 0),
    accessedAt: toOptionalDate(row.accessed_at),
    contentHash: row.content_hash,
    embeddingModel: row.embedding_model ?? null,
    embeddingModelVersion: row.embedding_model_version ?? null,
    hasEmbedding: row.has_embedding === true,
  };
}

/** Maps a memory_versions row; access and embedding data belong to the head only. */
export function toMemoryVersion(row: MemoryVersionRow): MemoryVersion {
  return {
    ...toMemoryRecord(row),
    operation: row.operation as VersionOperation,
    gateRequestId: row.gate_request_id,
    recordedAt: toDate(row.recorded_at),
  };
}
