import type { GateRequestView } from '@engram/agents';
import type { MemoryRecord } from '@engram/memory';
import type { GateAuditEntry } from '@engram/librarian';
import { badge, excerpt, facts, memoryLink, statusBadge, time } from './components.js';
import { objectDiff } from './diff.view.js';
import { html, query, type Html } from './html.js';
import { layout, notice } from './layout.js';

const STATES = ['pending', 'committed', 'rejected', 'approved', 'noop'];

/** The request as the gate stored it (redacted) plus Layer 1/2 findings it kept with it. */
interface StoredRequest {
  op?: string; id?: string; type?: string; content?: string; scope?: string; tags?: string[]; reason?: string;
  patch?: Record<string, unknown>; replacement?: Record<string, unknown>; links?: Array<{ kind: string; target: string }>;
}
type Payload = { request?: StoredRequest; actor?: { id: string; kind: string }; flags?: string[]; duplicateOf?: string; redactions?: string[] };

export function payloadOf(r: GateRequestView): Payload {
  return (r.payload ?? {}) as Payload;
}

function what(r: GateRequestView): string {
  const p = payloadOf(r).request ?? {};
  if (p.op === 'promote') return `promote memory ${p.id?.slice(0, 8) ?? ''} from ${r.scope} to global`;
  const text = p.content ?? (p.replacement?.content as string | undefined) ?? (p.patch?.content as string | undefined) ?? p.reason ?? p.id ?? '';
  return excerpt(`${p.type ?? (p.replacement?.type as string | undefined) ?? ''} ${text}`.trim(), 160);
}

/** The gate queue (or the log of another status). */
export function gateListPage(status: string, items: GateRequestView[]): string {
  const tabs = html`<nav class="tabs" aria-label="Request status"><ul>${STATES.map((s) => html`<li><a href="/gate${query({ status: s })}"${s === status ? html` aria-current="page"` : ''}>${s}</a></li>`)}<li><a href="/gate/audit">audit log</a></li></ul></nav>`;
  const body = items.length
    ? html`<table class="grid"><caption class="sr-only">Gate requests (${status}), oldest first</caption><thead><tr><th scope="col">Request</th><th scope="col">Op</th><th scope="col">Scope</th><th scope="col">By</th><th scope="col">What</th><th scope="col">Why</th><th scope="col">At</th></tr></thead>
<tbody>${items.map((r) => html`<tr><td><a href="/gate/${r.id}"><code>${r.id.slice(0, 8)}</code></a></td><td>${badge(r.operation, 'op')}</td><td>${r.scope}</td><td>${r.requestedBy}</td><td>${what(r)}</td><td class="muted">${excerpt(r.reason ?? '', 120)}</td><td>${time(r.createdAt)}</td></tr>`)}</tbody></table>`
    : notice('empty', status === 'pending' ? 'Nothing is waiting for review. Writes the policy queues (beliefs, decisions, near duplicates, flagged content) appear here.' : `No ${status} requests.`);
  return layout('Gate', 'gate', html`<h1>Gate review</h1>${tabs}${body}`);
}

/**
 * A promotion moves the record itself to the global scope (issue 37: the page showed Type and
 * Scope "—" and did not say where it goes): the proposal is the record with scope global.
 */
function promotionNote(target: MemoryRecord | undefined): Html {
  const from = target ? target.scope : 'its scope';
  return notice('info', html`Promote to <strong>global</strong>: once approved, this memory moves from ${from} to the global scope, where every project and agent recalls it.`);
}

/** The proposed record next to the one it would change (or duplicate). */
function proposal(p: Payload, target: MemoryRecord | undefined): Html {
  const req = p.request ?? {};
  const proposed: Record<string, unknown> = req.op === 'update' && target ? { ...target, ...req.patch }
    : req.op === 'supersede' ? { ...req.replacement }
      : req.op === 'promote' ? { ...(target ?? {}), scope: 'global', content: target?.content }
        : { ...req };
  const fields = ['content', 'type', 'scope', 'tags', 'metadata', 'confidence', 'validFrom', 'validTo'];
  const side = (title: string, r: Record<string, unknown> | undefined) => html`<div class="side"><h3>${title}</h3>${r ? html`<blockquote class="content">${String(r.content ?? '(no content change)')}</blockquote>
${facts([['Type', r.type as string | undefined], ['Scope', r.scope as string | undefined], ['Tags', Array.isArray(r.tags) ? r.tags.join(', ') : undefined]])}` : html`<p class="muted">No existing record: this creates a new one.</p>`}</div>`;
  return html`${req.op === 'promote' ? promotionNote(target) : ''}<div class="beside">${side('Proposed', proposed)}${side(target ? `Existing ${target.id.slice(0, 8)} (v${target.version})` : 'Existing', target as unknown as Record<string, unknown> | undefined)}</div>
${target && proposed.content !== undefined ? html`<h3>Diff (existing → proposed)</h3>${objectDiff(target as unknown as Record<string, unknown>, proposed, fields)}` : ''}`;
}

function findings(r: GateRequestView, p: Payload): Html {
  const items: Html[] = [];
  if (p.duplicateOf) items.push(html`<li>${badge('duplicate', 'warn')} near duplicate of ${memoryLink(p.duplicateOf)}</li>`);
  for (const f of p.flags ?? []) items.push(html`<li>${badge('flag', 'warn')} ${f}</li>`);
  for (const x of p.redactions ?? []) items.push(html`<li>${badge('redacted', 'bad')} ${x}</li>`);
  for (const l of p.request?.links ?? []) items.push(html`<li>${badge(l.kind, 'op')} link to ${memoryLink(l.target)}</li>`);
  if (r.decision) items.push(html`<li>${badge(`Layer 2: ${r.decision}`, 'plain')} ${r.reason ?? ''}</li>`);
  return items.length ? html`<ul class="findings">${items}</ul>` : html`<p class="muted">No Layer 1/2 findings recorded.</p>`;
}

function reviewForms(r: GateRequestView): Html {
  if (r.status !== 'pending') return html``;
  return html`<section aria-labelledby="review" class="review"><h2 id="review">Review</h2>
<form method="post" action="/gate/${r.id}/approve" class="inline"><button type="submit" class="ok">Approve</button></form>
<form method="post" action="/gate/${r.id}/reject" class="reject"><div class="field grow"><label for="reason">Reason for rejecting</label>
<input id="reason" name="reason" required maxlength="500" placeholder="why this should not be remembered"></div><div class="field"><button type="submit" class="bad">Reject</button></div></form></section>`;
}

export interface GateRequestPageData {
  request: GateRequestView;
  target?: MemoryRecord;
  audit: GateAuditEntry[];
  flash?: string;
}

/** One gate request: payload beside the record, findings, review actions, its audit trail. */
export function gateRequestPage(d: GateRequestPageData): string {
  const r = d.request;
  const p = payloadOf(r);
  return layout(`Gate request ${r.id.slice(0, 8)}`, 'gate', html`<p class="crumbs"><a href="/gate">Gate</a> › <code>${r.id}</code></p>
<h1>${badge(r.operation, 'op')} Request <code>${r.id.slice(0, 8)}</code> ${statusBadge(r.status)}</h1>
${d.flash ? notice('info', d.flash) : ''}
${facts([['Requested by', `${r.requestedBy} (${p.actor?.kind ?? '?'})`], ['Scope', r.scope], ['At', time(r.createdAt)], ['Decided', time(r.decidedAt)],
    ['Reviewer', r.reviewer], ['Reason', r.reason], ['Result', r.resultId ? memoryLink(r.resultId) : null]])}
${reviewForms(r)}
<section aria-labelledby="payload"><h2 id="payload">Payload and record</h2>${proposal(p, d.target)}</section>
<section aria-labelledby="findings"><h2 id="findings">Layer 1/2 findings</h2>${findings(r, p)}</section>
<section aria-labelledby="trail"><h2 id="trail">Audit trail</h2>${auditTable(d.audit)}</section>`);
}

export function auditTable(items: GateAuditEntry[]): Html {
  if (!items.length) return notice('empty', 'No audit entries match.');
  return html`<table class="grid"><caption class="sr-only">Audit entries, newest first</caption><thead><tr><th scope="col">At</th><th scope="col">Action</th><th scope="col">Decision</th><th scope="col">Reviewer</th><th scope="col">Memory</th><th scope="col">Request</th><th scope="col">Reason</th></tr></thead>
<tbody>${items.map((a) => html`<tr><td>${time(a.createdAt)}</td><td>${badge(a.action, 'op')}</td><td>${a.decision ?? ''}</td><td>${a.reviewer ?? ''}</td>
<td>${a.memoryId ? html`${memoryLink(a.memoryId)} v${a.memoryVersion ?? ''}` : ''}</td><td><a href="/gate/${a.requestId}"><code>${a.requestId.slice(0, 8)}</code></a></td><td>${a.reason}</td></tr>`)}</tbody></table>`;
}
