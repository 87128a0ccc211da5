import { canonicalJson } from './canonical-json.js';
import { contentHash } from './content-hash.js';
import { InvalidRecordError } from './errors.js';
import type { VersionOperation } from './memory-record.js';
import { isScope } from './scope.js';
import type { TypeDefinition } from './type-registry.js';
import type { RecordState } from './version-snapshot.js';

/** One version of an exported record, as `engram export` writes it: the stored state without its derived fields. */
export type ImportedVersion = Omit<RecordState, 'memoryClass' | 'contentHash'> & { operation?: VersionOperation };

/** The record state of an imported version; the content hash is recomputed, never trusted. */
export function importedState(v: ImportedVersion, def: TypeDefinition): RecordState {
  if (!Number.isInteger(v.version) || v.version < 1) throw new InvalidRecordError(`invalid version ${v.version}`);
  if (!isScope(v.scope)) throw new InvalidRecordError(`invalid scope "${v.scope}"`);
  if (!(v.confidence >= 0 && v.confidence <= 1)) throw new InvalidRecordError('confidence must be within [0, 1]');
  return {
    id: v.id, type: def.name, memoryClass: def.memoryClass, content: v.content, metadata: v.metadata,
    tags: v.tags, scope: v.scope, source: v.source, trust: v.trust, status: v.status, version: v.version,
    createdAt: v.createdAt, updatedAt: v.updatedAt, validFrom: v.validFrom, validTo: v.validTo,
    supersededBy: v.supersededBy, statusReason: v.statusReason, archived: v.archived, confidence: v.confidence,
    contentHash: contentHash(v.content),
  };
}

function time(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).getTime();
}

/** True when a stored memory_versions row holds the same version as `state` (re-import is a no-op). */
export function sameStoredVersion(row: Record<string, unknown>, state: RecordState): boolean {
  const metadata = typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata;
  return (
    row.content_hash === state.contentHash && row.content === state.content && row.status === state.status &&
    row.scope === state.scope && row.type === state.type && row.superseded_by === state.supersededBy &&
    row.archived === state.archived && canonicalJson(metadata) === canonicalJson(state.metadata) &&
    canonicalJson(row.tags ?? []) === canonicalJson(state.tags) &&
    Math.abs(Number(row.confidence) - state.confidence) < 1e-6 &&
    time(row.created_at) === state.createdAt.getTime() && time(row.updated_at) === state.updatedAt.getTime() &&
    time(row.valid_from) === state.validFrom.getTime() && time(row.valid_to) === time(state.validTo)
  );
}
