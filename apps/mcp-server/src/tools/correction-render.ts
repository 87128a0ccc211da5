import type { ChangeResult, StoreResult } from '@engram/agents';
import type { MemoryVersion } from '@engram/memory';
import { gateAnswer, recordView } from './render.js';
import type { ToolAnswer } from './tool-definition.js';

/**
 * A correction's gate outcome: the usual id/status/reason/request_id, plus the version it produced
 * (so the caller can pass it as the next `expected_version`) and the record's status.
 */
export function correctionAnswer(id: string, r: StoreResult | ChangeResult, extra: Record<string, unknown> = {}): ToolAnswer {
  const answer = gateAnswer(id, r);
  const produced = r.record ? { version: r.record.version, record_status: r.record.status } : {};
  const structured = { ...answer.structured, ...produced, ...extra };
  const text = r.record && r.status !== 'rejected' ? `${answer.text} (now v${r.record.version}, ${r.record.status})` : answer.text;
  return { ...answer, structured, text };
}

/** One stored version as memory.history returns it: the record fields plus what happened and when. */
export function versionView(v: MemoryVersion): Record<string, unknown> {
  return { ...recordView(v), operation: v.operation, recorded_at: v.recordedAt.toISOString(), gate_request_id: v.gateRequestId };
}

/** One line per version for the text rendering. */
export function versionLine(v: MemoryVersion): string {
  const why = v.statusReason ? ` (${v.statusReason})` : '';
  const next = v.supersededBy ? ` → ${v.supersededBy}` : '';
  return `v${v.version} ${v.operation} ${v.status}${why}${next} at ${v.recordedAt.toISOString()}: ${v.content}`;
}
