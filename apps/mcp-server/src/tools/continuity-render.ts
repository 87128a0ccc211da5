import type { PrdContext } from '@engram/agents';
import { estimateJsonTokens } from '@engram/retrieval';
import type { ToolAnswer } from './tool-definition.js';

const KEEP_AS_IS = new Set(['detail', 'metadata']);

/** camelCase keys → snake_case like the other tools' outputs; caller-supplied payloads stay untouched. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), KEEP_AS_IS.has(k) ? v : snakeKeys(v)]),
  );
}

/** A short human rendering of a PRD context (the structured content carries everything). */
export function renderPrdContext(c: PrdContext): string {
  const p = c.progress;
  const lines = [
    `PRD ${c.execution.title ?? c.execution.ref} (${c.execution.id}) — ${c.execution.status}, ${c.execution.eventCount} events`,
    `done: ${p.completed.join(', ') || '-'} | in progress: ${p.in_progress.join(', ') || '-'} | blocked: ${p.blocked.join(', ') || '-'} | not started: ${p.not_started.join(', ') || '-'}`,
    ...c.blockers.map((b) => `BLOCKER ${b.requirementId}: ${b.summary}`),
    ...c.decisions.map((d) => `DECISION ${d.decision}${d.reason ? ` — because ${d.reason}` : ''}${d.alternatives.length ? ` (rejected: ${d.alternatives.join('; ')})` : ''}`),
    ...c.learnings.map((l) => `LEARNING [${l.type}] ${l.summary}`),
    ...c.recentEvents.map((e) => `#${e.seq} ${e.type}${e.requirementId ? ` ${e.requirementId}` : ''}: ${e.summary}`),
    ...(c.narrative ? ['', c.narrative] : []),
    ...(c.truncated ? [`(budget: left out ${c.truncated.recentEvents} events, ${c.truncated.learnings} learnings, ${c.truncated.decisions} decisions)`] : []),
  ];
  return lines.join('\n');
}

/**
 * Builds the answer so structured content AND text together fit `maxTokens` (seed 004 "MCP tool
 * responses stay under the configured token budget"): asks for a smaller context until they do.
 */
export async function withinBudget(
  maxTokens: number,
  build: (budget: number) => Promise<{ structured: Record<string, unknown>; text: string }>,
): Promise<ToolAnswer> {
  let budget = maxTokens;
  for (;;) {
    const answer = await build(budget);
    const used = estimateJsonTokens(answer.structured) + estimateJsonTokens(answer.text);
    // The reported count is part of the answer, so it is measured with it (6 tokens covers `"tokens":N,`).
    const structured = { ...answer.structured, tokens: used + 6 };
    if (used + 6 <= maxTokens || budget < 50) return { ...answer, structured };
    budget = Math.floor(budget * Math.min(0.9, maxTokens / (used + 6)));
  }
}
