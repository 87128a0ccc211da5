import type { RecallItem } from '@engram/agents';
import type { Citation, Contradiction, DeliveredMemory, RetrieveResponse } from '@engram/retrieval';

/** memory.retrieve's answer: the pipeline's, and conversation turns when the scope is a project. */
type RetrieveView = RetrieveResponse & { conversation?: RecallItem[] };

/** A citation on the wire (seed 000 FR-04 step 5 field names). */
export function citationView(c: Citation): Record<string, unknown> {
  return { id: c.id, type: c.type, excerpt: c.excerpt, created_at: c.createdAt, confidence: c.confidence, source_url: c.url };
}

/** A delivered result on the wire, snake_case; content-only forms stay small. */
export function deliveredView(m: DeliveredMemory): Record<string, unknown> {
  if (m.form !== 'full') return { form: m.form, id: m.id, type: m.type, content: m.content, trust: m.trust, confidence: m.confidence, url: m.url, issues: m.issues };
  return {
    form: m.form, id: m.id, type: m.type, content: m.content, metadata: m.metadata, tags: m.tags, scope: m.scope, version: m.version,
    created_at: m.createdAt, valid_from: m.validFrom, valid_to: m.validTo, trust: m.trust,
    provenance: {
      source_type: m.provenance.sourceType, source_id: m.provenance.sourceId, trust: m.provenance.trust, version: m.provenance.version,
      gate_request_id: m.provenance.gateRequestId, recorded_at: m.provenance.recordedAt,
    },
    confidence: m.confidence, scores: m.scores, citation: citationView(m.citation), issues: m.issues, quoted: m.quoted,
    ...(m.expandedFrom ? { expanded_from: m.expandedFrom } : {}),
  };
}

function contradictionLine(c: Contradiction): string {
  return `! contradiction (${c.kind}, not resolved): memory://${c.ids[0]} vs memory://${c.ids[1]} — ${c.reason}`;
}

/** The text every client can show: the notice, each result as quoted data, contradictions, the budget. */
export function retrievalText(out: RetrieveView): string {
  const blocks = out.results.map((m) => {
    const issues = m.form === 'full' ? m.issues.map((i) => i.code) : m.issues;
    const head = m.form === 'full' ? m.quoted : `[memory://${m.id} · ${m.type} · trust=${m.trust} · ${m.form}]\n> ${m.content.replace(/\n/g, '\n> ')}`;
    return `${head}\n(confidence ${m.confidence.toFixed(2)}${issues.length ? `; ${issues.join(', ')}` : ''})`;
  });
  const budget = out.budget.tokenBudgetExceeded ? [`(token budget ${out.budget.maxTokens} reached: ${out.budget.excludedCount} result(s) left out)`] : [];
  const degraded = out.degraded ? [`(${out.mode}; ${out.degraded})`] : [];
  const said = (out.conversation ?? []).map((t) => `[conversation · ${String(t.metadata?.['at'] ?? '')} · session ${String(t.metadata?.['session_id'] ?? '')} · ${t.url}]\n> ${t.content.replace(/\n/g, '\n> ')}`);
  if (blocks.length === 0 && said.length === 0) return [...degraded, 'no results'].join('\n');
  const turns = said.length ? ['', 'From the conversation:', said.join('\n\n')] : [];
  return [out.notice, ...degraded, '', blocks.join('\n\n'), ...out.contradictions.map(contradictionLine), ...budget, ...turns].join('\n');
}

/** The structured answer of memory.retrieve. */
export function retrievalStructured(out: RetrieveView): Record<string, unknown> {
  return {
    results: out.results.map(deliveredView), citations: out.citations.map(citationView), contradictions: out.contradictions,
    contradiction_detected: out.contradictions.length > 0, excluded: out.excluded, route: out.route, mode: out.mode, fusion: out.fusion,
    token_budget_exceeded: out.budget.tokenBudgetExceeded, excluded_count: out.budget.excludedCount, used_tokens: out.budget.usedTokens,
    max_tokens: out.budget.maxTokens, notice: out.notice,
    ...(out.degraded ? { degraded: out.degraded } : {}), ...(out.pendingEmbeddings ? { pending_embeddings: out.pendingEmbeddings } : {}),
    ...(out.graphExpansion ? { graph_expansion: out.graphExpansion } : {}),
    ...(out.conversation ? { conversation: out.conversation } : {}),
  };
}
