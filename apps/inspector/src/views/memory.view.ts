import type { GateAuditEntry } from '@engram/librarian';
import type { EdgeNeighbourhood, MemoryRecord, MemoryVersion } from '@engram/memory';
import type { CascadeReview } from '@engram/retrieval';
import { badge, confidence, facts, memoryLink, statusBadge, time } from './components.js';
import { objectDiff } from './diff.view.js';
import { html, jsonIsland, type Html } from './html.js';
import { layout, notice } from './layout.js';

export const DIFF_FIELDS = ['content', 'status', 'tags', 'metadata', 'confidence', 'validFrom', 'validTo', 'statusReason', 'supersededBy', 'scope'] as const;

/** Everything the memory page shows. */
export interface MemoryPageData {
  record: MemoryRecord;
  asOf?: Date;
  versions: MemoryVersion[];
  /** Who asked for each version (gate request → requestedBy). */
  requestedBy: Map<string, string>;
  audit: GateAuditEntry[];
  diff?: { from: MemoryVersion; to: MemoryVersion };
  graph: EdgeNeighbourhood;
  cascades: CascadeReview[];
}

function recordFacts(r: MemoryRecord): Html {
  return facts([
    ['Type', badge(r.type, 'type')], ['Class', r.memoryClass], ['Scope', r.scope], ['Status', statusBadge(r.status)],
    ['Trust', r.trust], ['Confidence', confidence(r.confidence)], ['Version', r.version],
    ['Source', sourceLabel(r.source)], ['Created', time(r.createdAt)], ['Updated', time(r.updatedAt)],
    ['Valid', html`${time(r.validFrom)} → ${r.validTo ? time(r.validTo) : 'open'}`],
    ['Tags', r.tags.length ? r.tags.join(', ') : null], ['Superseded by', r.supersededBy ? memoryLink(r.supersededBy) : null],
    ['Reason', r.statusReason], ['Accessed', html`${r.accessCount}× · last ${time(r.accessedAt)}`],
    ['Embedding', r.hasEmbedding ? `${r.embeddingModel ?? ''} ${r.embeddingModelVersion ?? ''}` : 'pending'],
  ]);
}

/**
 * Where a memory came from: the source type, then its id unless the id already starts with the
 * type (issue 37: an MCP write showed `mcp:mcp:root`; its id is the actor `mcp:root`).
 */
export function sourceLabel(source: { type: string; id?: string | null }): string {
  if (!source.id) return source.type;
  return source.id.startsWith(`${source.type}:`) ? source.id : `${source.type}:${source.id}`;
}

type GraphNode = EdgeNeighbourhood['nodes'][number];
const LABEL_CHARS = 28;

/**
 * A node's label: type, short id, the status when not active, then the start of its content, so
 * two versions of a fact (the superseded record and its replacement, issue 37) never read the same.
 */
export function nodeLabel(n: GraphNode): string {
  const text = n.label.length > LABEL_CHARS ? `${n.label.slice(0, LABEL_CHARS - 1)}…` : n.label;
  return `${n.type} ${n.id.slice(0, 8)}${n.status === 'active' ? '' : ` (${n.status})`}: ${text}`;
}

/** A version's transaction time rounded up to the next millisecond (Postgres keeps microseconds). */
function justAfter(at: Date): string {
  return new Date(at.getTime() + 1).toISOString();
}

function timeline(d: MemoryPageData): Html {
  const byVersion = new Map(d.audit.filter((a) => a.memoryVersion !== null).map((a) => [a.memoryVersion as number, a]));
  const rows = [...d.versions].reverse().map((v) => {
    const a = byVersion.get(v.version);
    return html`<li class="tl-item"><div class="tl-head"><strong>v${v.version}</strong> ${badge(v.operation, 'op')} ${statusBadge(v.status)} ${time(v.recordedAt)}</div>
<div class="tl-body">by ${d.requestedBy.get(v.gateRequestId) ?? 'unknown'}${a?.reviewer ? ` · reviewed by ${a.reviewer}` : ''} · gate request <a href="/gate/${v.gateRequestId}"><code>${v.gateRequestId.slice(0, 8)}</code></a>
${a ? html`<br><span class="muted">${a.reason}</span>` : ''}</div>
<div class="tl-actions"><a href="?asOf=${encodeURIComponent(justAfter(v.recordedAt))}">view as of this version</a>${v.version > 1 ? html` · <a href="?from=${v.version - 1}&amp;to=${v.version}#diff">diff with v${v.version - 1}</a>` : ''}</div></li>`;
  });
  return html`<ol class="timeline">${rows}</ol>`;
}

function diffSection(d: MemoryPageData): Html {
  const options = (sel: number) => d.versions.map((v) => html`<option value="${v.version}"${v.version === sel ? html` selected` : ''}>v${v.version} (${v.operation})</option>`);
  const from = d.diff?.from.version ?? Math.max(1, d.record.version - 1);
  const to = d.diff?.to.version ?? d.versions.at(-1)?.version ?? 1;
  const form = html`<form class="filters" method="get" action="#diff"><div class="field"><label for="from">From</label><select id="from" name="from">${options(from)}</select></div>
<div class="field"><label for="to">To</label><select id="to" name="to">${options(to)}</select></div><div class="field"><button type="submit">Compare</button></div></form>`;
  const body = d.diff
    ? objectDiff(d.diff.from as unknown as Record<string, unknown>, d.diff.to as unknown as Record<string, unknown>, DIFF_FIELDS)
    : d.versions.length < 2 ? notice('empty', 'This memory has a single version: nothing to compare yet.') : html`<p class="hint">Pick two versions to compare.</p>`;
  return html`<section aria-labelledby="diff"><h2 id="diff">Diff between versions</h2>${form}${body}</section>`;
}

function graphSection(g: EdgeNeighbourhood, centre: string): Html {
  if (!g.edges.length) return html`<section aria-labelledby="graph"><h2 id="graph">Graph neighbourhood</h2>${notice('empty', 'No edges: nothing supersedes, supports, contradicts or resembles this memory yet.')}</section>`;
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const nodeOf = (id: string) => {
    const n = byId.get(id);
    return n ? nodeLabel(n) : undefined;
  };
  return html`<section aria-labelledby="graph"><h2 id="graph">Graph neighbourhood</h2>
<div id="graph-view" class="graph" role="img" aria-label="Graph of ${g.nodes.length} memories and ${g.edges.length} edges around this memory"></div>
${jsonIsland('graph-data', { centre, nodes: g.nodes.map((n) => ({ ...n, label: nodeLabel(n) })), edges: g.edges })}
${g.truncated ? html`<p class="hint">Only the nearest ${g.nodes.length} memories are drawn.</p>` : ''}
<details><summary>Edges as a list (${g.edges.length})</summary><ul class="edges">${g.edges.map((e) => html`<li>${memoryLink(e.src, nodeOf(e.src))} —${e.kind}→ ${memoryLink(e.dst, nodeOf(e.dst))} <span class="muted">(${e.weight.toFixed(2)})</span></li>`)}</ul></details>
</section>`;
}

function cascadeSection(c: CascadeReview[]): Html {
  if (!c.length) return html``;
  return html`<section aria-labelledby="cascades"><h2 id="cascades">Cascade review flags</h2>${notice('info', 'A record this memory was derived from is no longer current; review whether it still holds.')}
<ul>${c.map((f) => html`<li>${badge(f.causeStatus, 'warn')} source ${memoryLink(f.causeId)}: ${f.reason} · flagged ${time(f.flaggedAt)}</li>`)}</ul></section>`;
}

/** One memory: its current (or as-of) state, version timeline, diff, graph and cascade flags. */
export function memoryPage(d: MemoryPageData): string {
  const r = d.record;
  const asOfForm = html`<form class="filters inline" method="get"><div class="field"><label for="asOf">As of (UTC)</label>
<input id="asOf" name="asOf" type="datetime-local" step="1" value="${d.asOf ? d.asOf.toISOString().slice(0, 19) : ''}"></div><div class="field"><button type="submit">Show</button></div>
${d.asOf ? html`<div class="field"><a href="/memories/${r.id}">Back to now</a></div>` : ''}</form>`;
  const asOfNote = d.asOf ? notice('info', html`Showing version ${r.version} as it was on ${time(d.asOf)}.`) : '';
  return layout(`Memory ${r.id.slice(0, 8)}`, 'memories', html`<p class="crumbs"><a href="/memories">Memories</a> › <code>${r.id}</code></p>
<h1>${badge(r.type, 'type')} Memory <code>${r.id.slice(0, 8)}</code></h1>
${asOfForm}${asOfNote}
<blockquote class="content big">${r.content}</blockquote>
${recordFacts(r)}
${cascadeSection(d.cascades)}
<section aria-labelledby="versions"><h2 id="versions">Version timeline</h2>${timeline(d)}</section>
${diffSection(d)}
${graphSection(d.graph, r.id)}
${Object.keys(r.metadata).length ? html`<section aria-labelledby="meta"><h2 id="meta">Metadata</h2><pre class="json">${JSON.stringify(r.metadata, null, 2)}</pre></section>` : ''}`);
}
