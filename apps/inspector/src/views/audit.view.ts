import type { GateAuditEntry } from '@engram/librarian';
import { nextPage } from './components.js';
import { auditTable } from './gate.view.js';
import { html } from './html.js';
import { layout, notice } from './layout.js';

export interface AuditForm {
  action?: string;
  reviewer?: string;
  memory?: string;
  reason?: string;
}

/** The gate's audit log, newest first, filterable, keyset-paginated. */
export function auditPage(f: AuditForm, page: { items: GateAuditEntry[]; nextCursor: string | null } | undefined, error?: string): string {
  const form = html`<form class="filters" method="get" action="/gate/audit" aria-label="Filter the audit log">
<div class="field"><label for="action">Action</label><input id="action" name="action" value="${f.action ?? ''}" placeholder="approve, reject, queue…"></div>
<div class="field"><label for="reviewer">Reviewer</label><input id="reviewer" name="reviewer" value="${f.reviewer ?? ''}" placeholder="cli:alice"></div>
<div class="field"><label for="memory">Memory id</label><input id="memory" name="memory" value="${f.memory ?? ''}"></div>
<div class="field grow"><label for="reason">Reason contains</label><input id="reason" name="reason" value="${f.reason ?? ''}"></div>
<div class="field"><button type="submit">Filter</button></div></form>`;
  const body = error ? notice('error', error) : html`${auditTable(page?.items ?? [])}${nextPage('/gate/audit', { ...f }, page?.nextCursor ?? null)}`;
  return layout('Audit log', 'gate', html`<p class="crumbs"><a href="/gate">Gate</a> › audit log</p><h1>Audit log</h1>${form}${body}`);
}
