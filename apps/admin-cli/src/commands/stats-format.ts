import type { LifecycleStats } from '@engram/agents';
import { table } from '../output.js';

const pct = (n: number, total: number) => (total > 0 ? `${((100 * n) / total).toFixed(1)}%` : '-');
const num = (n: number | null | undefined, digits = 2) => (n === null || n === undefined ? '-' : n.toFixed(digits));
const bound = (le: number | string, prev: number | string | undefined, unit = '') => (le === '+Inf' ? `> ${prev}${unit}` : `${prev ?? 0}-${le}${unit}`);

/** `engram stats` as readable tables (seed 003 8.2 groups). */
export function formatStats(s: LifecycleStats): string[] {
  const m = s.memories;
  const lines: string[] = [`engram stats at ${s.generatedAt}`, ''];
  lines.push('memories', ...table(Object.entries(m.byStatus).map(([k, v]) => [k, String(v)]), ['status', 'count']).map((l) => `  ${l}`), '');
  lines.push(`active memories: ${m.active}, average age ${num(m.averageAgeDays, 1)} d, average effective confidence ${num(m.averageEffectiveConfidence, 3)}`);
  lines.push(`below the archive threshold now: ${m.belowArchiveThreshold}`, '');
  lines.push('age buckets', ...table(m.ageBuckets.map((b, i) => [bound(b.le, m.ageBuckets[i - 1]?.le, ' d'), String(b.count), pct(b.count, m.active)]), ['age', 'count', 'share']).map((l) => `  ${l}`), '');
  lines.push('effective confidence', ...table(m.effectiveConfidence.filter((b) => b.le !== '+Inf').map((b, i) => [bound(b.le, m.effectiveConfidence[i - 1]?.le), String(b.count), pct(b.count, m.active)]), ['range', 'count', 'share']).map((l) => `  ${l}`), '');
  const c = m.consolidation;
  lines.push(`consolidation: ${c.compressedMemories} compressed memories from ${c.sources} originals, record ratio ${pct(c.recordRatio, 1)}, byte ratio ${pct(c.byteRatio, 1)}`, '');
  const totals = (sweep: string) => s.sweeps.totals.filter((t) => t.sweep === sweep).map((t) => `${t.status} ${t.runs}`).join(', ');
  lines.push('sweeps', ...table(s.sweeps.latest.map((r) => [
    r.sweep, r.status + (r.dryRun ? ' (dry run)' : ''), r.startedAt.toISOString(), r.finishedAt ? `${r.finishedAt.getTime() - r.startedAt.getTime()} ms` : '-',
    Object.entries(r.counts).map(([k, v]) => `${k}=${v}`).join(' ') || '-', totals(r.sweep), r.error ?? '',
  ]), ['sweep', 'last run', 'started', 'took', 'counts', 'runs', 'last error']).map((l) => `  ${l}`));
  if (s.sweeps.latest.length === 0) lines.push('  (no sweep has run yet)');
  lines.push('', 'learning (decision engine)');
  if (!s.learning) lines.push('  not available in this process');
  else lines.push(...learningLines(s.learning));
  return lines;
}

/** Seed 003 8.2 storage, learning and latency numbers of the decision engine. */
function learningLines(l: NonNullable<LifecycleStats['learning']>): string[] {
  const d = l.decisions;
  const w = l.weights;
  const weights = (x: typeof w.current) => `recency ${num(x.recency, 3)}, frequency ${num(x.frequency, 3)}, entity ${num(x.entityImportance, 3)}`;
  return [
    `  events received ${d.received}, stored ${d.stored} (compressed ${d.compressed}), skipped ${d.skipped}, storage ratio ${d.storageRatio === null ? '-' : pct(d.storageRatio, 1)}`,
    `  mean relevance of stored events ${num(d.meanRelevanceStored, 3)}; decision latency p50 ${num(d.latencyMs.p50, 1)} ms, p95 ${num(d.latencyMs.p95, 1)} ms, p99 ${num(d.latencyMs.p99, 1)} ms`,
    `  weights ${weights(w.current)} (defaults ${weights(w.defaults)}), drift ${num(w.drift, 4)}, ${w.updates} update(s)${w.lastUpdatedAt ? `, last ${new Date(w.lastUpdatedAt).toISOString()}` : ''}`,
    `  feedback: ${l.feedback.success} success, ${l.feedback.failure} failure over ${l.feedback.memories} memories, mean usefulness factor ${num(l.feedback.meanUsefulness, 3)}`,
  ];
}
