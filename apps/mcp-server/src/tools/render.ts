import type { ChangeResult, StoreResult } from '@engram/agents';
import type { MemoryRecord } from '@engram/memory';
import type { ToolAnswer } from './tool-definition.js';

/** A record as tools return it: JSON-safe, snake_case like the seed's schemas. */
export function recordView(r: MemoryRecord): Record<string, unknown> {
  return {
    id: r.id, type: r.type, content: r.content, metadata: r.metadata, tags: r.tags, scope: r.scope,
    source: r.source, status: r.status, version: r.version, confidence: r.confidence,
    created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
    valid_from: r.validFrom.toISOString(), valid_to: r.validTo?.toISOString() ?? null,
    superseded_by: r.supersededBy, status_reason: r.statusReason, archived: r.archived,
    access_count: r.accessCount, accessed_at: r.accessedAt?.toISOString() ?? null,
  };
}

/** One line per record for the text rendering. */
export function recordLine(r: MemoryRecord, score?: number): string {
  const s = score === undefined ? '' : ` score=${score.toFixed(4)}`;
  const tags = r.tags.length ? ` [${r.tags.join(', ')}]` : '';
  return `- ${r.id} (${r.type}, ${r.scope}, v${r.version}${s})${tags}: ${r.content}`;
}

/** Optional ISO-8601 input → Date (schemas already validated the format). */
export function toDate(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}

/**
 * A gate outcome as a tool answer (FR-06 output: id, status, reason). A rejection is an `isError`
 * result carrying the gate's code, so the agent sees that nothing was written and why.
 */
export function gateAnswer(id: string, r: StoreResult | ChangeResult): ToolAnswer {
  const structured: Record<string, unknown> = { id, status: r.status, reason: r.reason, request_id: r.requestId };
  if (r.code) structured.code = r.code;
  if ('duplicateOf' in r && r.duplicateOf) structured.duplicate_of = r.duplicateOf;
  const text = r.status === 'rejected' ? `REJECTED${r.code ? ` (${r.code})` : ''}: ${r.reason}` : `${r.status}: ${id} — ${r.reason}`;
  return r.status === 'rejected' ? { structured, text, isError: true } : { structured, text };
}
