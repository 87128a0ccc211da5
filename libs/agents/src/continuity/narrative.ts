import type { PrdDecision, PrdEvent, PrdEventType, PrdExecution } from './prd-model.js';

const MAX_LINES_PER_REQUIREMENT = 6;

function countByType(events: readonly PrdEvent[]): string {
  const counts = new Map<PrdEventType, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${n} ${t.replace(/_/g, ' ')}`).join(', ');
}

/**
 * The compact narrative of a completed execution (seed 004 "PRD Execution Compaction"):
 * deterministic and extractive — no model, no network — so the same log always compacts to the
 * same text. One paragraph of totals, then per requirement the events in log order (capped), then
 * the decisions. The full log stays in Postgres; the narrative is what a later session reads.
 */
export function buildNarrative(e: PrdExecution, events: readonly PrdEvent[], decisions: readonly PrdDecision[]): string {
  const p = e.progress;
  const lines = [
    `PRD "${e.title ?? e.ref}" (${e.ref}) completed after ${events.length} events: ${countByType(events) || 'none'}.`,
    `Requirements completed: ${p.completed.join(', ') || 'none'}; not started (descoped): ${p.not_started.join(', ') || 'none'}.`,
  ];
  const byReq = new Map<string, PrdEvent[]>();
  for (const ev of events) {
    const key = ev.requirementId ?? '(general)';
    byReq.set(key, [...(byReq.get(key) ?? []), ev]);
  }
  for (const [req, evs] of byReq) {
    const shown = evs.slice(-MAX_LINES_PER_REQUIREMENT);
    const skipped = evs.length - shown.length;
    lines.push(`${req}:${skipped ? ` (${skipped} earlier events omitted)` : ''}`);
    for (const ev of shown) lines.push(`  #${ev.seq} ${ev.type.replace(/_/g, ' ')}: ${ev.summary}`);
  }
  if (decisions.length) {
    lines.push('Decisions:');
    for (const d of decisions) {
      const rejected = d.alternatives.length ? ` (rejected: ${d.alternatives.join('; ')})` : '';
      lines.push(`  - ${d.decision}${d.reason ? ` because ${d.reason}` : ''}${rejected}`);
    }
  }
  return lines.join('\n');
}
