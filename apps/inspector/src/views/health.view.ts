import type { LifecycleStats } from '@engram/agents';
import type { GateThroughputDay } from '@engram/librarian';
import type { DailyTypeCount, TypeStatusCount } from '@engram/memory';
import type { HealthReport } from '@engram/runtime';
import { badge, facts, statusBadge, time } from './components.js';
import { html, jsonIsland, type Html } from './html.js';
import { layout, notice } from './layout.js';

interface ChartSpec { id: string; kind: 'bar' | 'line'; labels: string[]; series: Array<{ label: string; values: number[] }>; stacked?: boolean }

export interface HealthPageData {
  health: HealthReport;
  stats?: LifecycleStats;
  /** When the lifecycle snapshot was taken (it is refreshed at most once a minute). */
  statsTakenAt?: Date;
  statsTookMs?: number;
  statsError?: string;
  counts: TypeStatusCount[];
  created: DailyTypeCount[];
  throughput: GateThroughputDay[];
}

/** Rows (x, series, value) as a chart spec: x labels in first-seen order, one series per key. */
function pivot(id: string, rows: Array<{ x: string; s: string; n: number }>, stacked = true): ChartSpec {
  const labels = [...new Set(rows.map((r) => r.x))];
  const keys = [...new Set(rows.map((r) => r.s))];
  return { id, kind: 'bar', labels, stacked, series: keys.map((k) => ({ label: k, values: labels.map((x) => rows.find((r) => r.x === x && r.s === k)?.n ?? 0) })) };
}

function bucketChart(id: string, label: string, buckets: Array<{ le: number | '+Inf'; count: number }>, unit: string): ChartSpec {
  const labels = buckets.map((b, i) => (b.le === '+Inf' ? `> ${String(buckets[i - 1]?.le ?? 0)}${unit}` : `≤ ${b.le}${unit}`));
  return { id, kind: 'bar', labels, series: [{ label, values: buckets.map((b) => b.count) }] };
}

/** A chart card: the canvas (drawn by app.js) and the same numbers as a table for everyone else. */
function chartCard(title: string, spec: ChartSpec): Html {
  const empty = spec.series.every((s) => s.values.every((v) => v === 0)) || spec.labels.length === 0;
  return html`<figure class="chart"><figcaption><h3>${title}</h3></figcaption>
${empty ? notice('empty', 'No data yet.') : html`<div class="canvas"><canvas id="${spec.id}" role="img" aria-label="${title} (chart; the table below has the numbers)"></canvas></div>`}
<details><summary>Numbers</summary><table class="grid"><thead><tr><th scope="col">${spec.series.length > 1 ? '' : 'Bucket'}</th>${spec.series.map((s) => html`<th scope="col">${s.label}</th>`)}</tr></thead>
<tbody>${spec.labels.map((l, i) => html`<tr><th scope="row">${l}</th>${spec.series.map((s) => html`<td>${s.values[i] ?? 0}</td>`)}</tr>`)}</tbody></table></details></figure>`;
}

function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`;
}

function healthFacts(h: HealthReport): Html {
  return facts([
    ['Status', badge(h.status, h.status === 'ok' ? 'ok' : h.status === 'degraded' ? 'warn' : 'bad')], ['Database', html`${h.database.ok ? badge('ok', 'ok') : badge('down', 'bad')} ${h.database.backend} · ${h.database.location}`],
    ['Migrations', h.database.migrations ?? null], ['Model', html`${h.model.ok ? badge('loaded', 'ok') : badge('keyword-only', 'warn')} ${h.model.name}`],
    ['Embedding backlog', h.embeddings.pending ?? '—'], ['Gate queue', h.gate.pending ?? '—'], ['TOC backlog (events)', h.conversation.pendingOutbox ?? '—'],
  ]);
}

function sweepsTable(s: LifecycleStats): Html {
  if (!s.sweeps.latest.length) return notice('empty', 'No sweep has run yet (archive, consolidate, reembed run on their schedules in the servers, or with engram sweep run).');
  return html`<table class="grid"><caption class="sr-only">Latest run of each sweep</caption><thead><tr><th scope="col">Sweep</th><th scope="col">Status</th><th scope="col">Started</th><th scope="col">Finished</th><th scope="col">Counts</th><th scope="col">Error</th></tr></thead>
<tbody>${s.sweeps.latest.map((r) => html`<tr><td>${r.sweep}</td><td>${statusBadge(r.status)}</td><td>${time(r.startedAt)}</td><td>${time(r.finishedAt)}</td><td><code>${JSON.stringify(r.counts)}</code></td><td>${r.error ?? ''}</td></tr>`)}</tbody></table>`;
}

/** Health and lifecycle: the /health report, `engram stats` as charts, sweeps, gate throughput. */
export function healthPage(d: HealthPageData): string {
  const charts: Array<[string, ChartSpec]> = [
    ['Memories by type and status', pivot('chart-types', d.counts.map((c) => ({ x: c.type, s: c.status, n: c.count })))],
    ['Memories created per day (30 days)', pivot('chart-created', d.created.map((c) => ({ x: c.day, s: c.type, n: c.count })))],
    ['Gate decisions per day (14 days)', pivot('chart-gate', d.throughput.map((t) => ({ x: t.day, s: t.action, n: t.count })))],
  ];
  if (d.stats) {
    charts.push(['Decayed confidence of active memories', bucketChart('chart-confidence', 'memories', d.stats.memories.effectiveConfidence, '')]);
    charts.push(['Age of active memories', bucketChart('chart-age', 'memories', d.stats.memories.ageBuckets, ' d')]);
  }
  const s = d.stats;
  const lifecycle = s ? facts([
    ['Active memories', s.memories.active], ['Average age', s.memories.averageAgeDays === null ? null : `${s.memories.averageAgeDays.toFixed(1)} days`],
    ['Average decayed confidence', pct(s.memories.averageEffectiveConfidence)], ['Below archive threshold', s.memories.belowArchiveThreshold],
    ['Consolidated memories', `${s.memories.consolidation.compressedMemories} from ${s.memories.consolidation.sources}`],
    ['Consolidation record ratio', pct(s.memories.consolidation.recordRatio)], ['Consolidation byte ratio', pct(s.memories.consolidation.byteRatio)],
    ['Decision engine storage ratio', pct(s.learning?.decisions.storageRatio)],
  ]) : notice('error', `Lifecycle numbers unavailable: ${d.statsError ?? 'unknown error'}`);
  return layout('Health', 'health', html`<h1>Health and lifecycle</h1>
<h2>Service</h2>${healthFacts(d.health)}
<h2>Lifecycle</h2>${d.statsTakenAt ? html`<p class="hint">Snapshot taken ${time(d.statsTakenAt)} in <span id="stats-took">${Math.round(d.statsTookMs ?? 0)}</span> ms; refreshed in the background when older than a minute (the service status above is live).</p>` : ''}${lifecycle}
<div class="charts">${charts.map(([t, c]) => chartCard(t, c))}</div>
${jsonIsland('chart-data', charts.map(([, c]) => c))}
<h2>Sweeps</h2>${s ? sweepsTable(s) : ''}
<details><summary>Full /health report</summary><pre class="json">${JSON.stringify(d.health, null, 2)}</pre></details>`);
}
