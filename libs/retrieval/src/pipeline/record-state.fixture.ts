import type { MemoryRecord } from '@engram/memory';
import type { RecordState } from './record-state.query.js';

/** Test fixture: the instant the pipeline specs treat as now. */
export const pipelineNow = new Date('2026-06-01T00:00:00Z');

/** Test fixture: an active, current, stored fact in `global` (override any field). */
export function recordOf(id: string, over: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id, type: 'fact', memoryClass: 'semantic', content: `content of ${id}`, metadata: {}, tags: [], scope: 'global',
    source: { type: 'test', id: null }, trust: 'user', status: 'active', version: 1,
    createdAt: new Date('2026-05-01T00:00:00Z'), updatedAt: new Date('2026-05-01T00:00:00Z'),
    validFrom: new Date('2026-05-01T00:00:00Z'), validTo: null, supersededBy: null, statusReason: null, archived: false,
    confidence: 0.9, accessCount: 0, accessedAt: null, contentHash: `hash-${id}`, embeddingModel: null, embeddingModelVersion: null,
    hasEmbedding: false, ...over,
  };
}

/** Test fixture: the fresh state of a stored record backed by a gate request. */
export function stateOf(id: string, over: Partial<MemoryRecord> = {}, extra: Partial<Omit<RecordState, 'record'>> = {}): RecordState {
  return { record: recordOf(id, over), gateRequestId: `gate-${id}`, recordedAt: null, embedding: null, derivedFrom: [], ...extra };
}
