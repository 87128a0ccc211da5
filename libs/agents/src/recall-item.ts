import type { DeliveredMemory } from '@engram/retrieval';

/** A recalled memory in the compact shape agents consume; content-only items lack the optional fields. */
export interface RecallItem {
  id: string;
  type: string;
  content: string;
  confidence: number;
  trust: string;
  /** `memory://<id>`: cite it. */
  url: string;
  /** full, or degraded by the token budget: content only / truncated content. */
  form: DeliveredMemory['form'];
  /** Warnings such as derived_from_stale, contradicted, instruction_like. */
  issues: string[];
  /** Where it came from: a stored memory, or a turn of the project's conversation log (issue 21). */
  source: 'memory' | 'conversation';
  scope?: string;
  tags?: string[];
  score?: number;
  createdAt?: string;
  metadata?: Record<string, unknown>;
}

/** The compact item of a delivered pipeline result. */
export function toRecallItem(m: DeliveredMemory): RecallItem {
  if (m.form !== 'full') {
    return { id: m.id, type: m.type, content: m.content, confidence: m.confidence, trust: m.trust, url: m.url, form: m.form, issues: m.issues, source: 'memory' };
  }
  const item: RecallItem = {
    id: m.id, type: m.type, content: m.content, confidence: m.confidence, trust: m.trust, url: m.citation.url, form: m.form,
    issues: m.issues.map((i) => i.code), source: 'memory', scope: m.scope, tags: m.tags, score: m.scores.final, createdAt: m.createdAt,
  };
  if (Object.keys(m.metadata).length > 0) item.metadata = m.metadata;
  return item;
}
