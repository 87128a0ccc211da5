import type { MemoryRecord } from '@engram/memory';
import type { DeliveredMemory, RetrieveResponse } from '@engram/retrieval';
import { badge, confidence, excerpt, memoryLink, nextPage, statusBadge, time } from './components.js';
import { html, type Html } from './html.js';
import { layout, notice } from './layout.js';

/** The filters as the form sent them (strings, to refill the form). */
export interface MemoriesForm {
  q?: string;
  mode?: string;
  scope?: string;
  types?: string;
  tags?: string;
  status?: string;
  archived?: boolean;
}

const MODES = ['hybrid', 'keyword', 'vector'];
const STATUSES = ['', 'active', 'superseded', 'invalidated', 'archived', 'forgotten'];

function option(value: string, label: string, selected: string | undefined): Html {
  return html`<option value="${value}"${value === (selected ?? '') ? html` selected` : ''}>${label}</option>`;
}

function searchForm(f: MemoriesForm): Html {
  return html`<form class="filters" method="get" action="/memories" role="search" aria-label="Search memories">
  <div class="field grow"><label for="q">Query</label>
    <input id="q" name="q" type="search" value="${f.q ?? ''}" placeholder="what does my agent remember about…" maxlength="2000"></div>
  <div class="field"><label for="mode">Mode</label><select id="mode" name="mode">${MODES.map((m) => option(m, m, f.mode ?? 'hybrid'))}</select></div>
  <div class="field"><label for="scope">Scope</label><input id="scope" name="scope" value="${f.scope ?? ''}" placeholder="project:acme"></div>
  <div class="field"><label for="types">Types</label><input id="types" name="types" value="${f.types ?? ''}" placeholder="fact, decision"></div>
  <div class="field"><label for="tags">Tags</label><input id="tags" name="tags" value="${f.tags ?? ''}" placeholder="db, infra"></div>
  <div class="field"><label for="status">Status (list)</label><select id="status" name="status">${STATUSES.map((s) => option(s, s || 'any current', f.status))}</select></div>
  <div class="field check"><input id="archived" name="archived" type="checkbox" value="on"${f.archived ? html` checked` : ''}><label for="archived">Include archived</label></div>
  <div class="field"><button type="submit">Search</button></div>
</form>
<p class="hint">With a query, results come from the validated retrieval pipeline (global plus the scope you name), ranked, with issues and contradictions. Without one, every memory is listed newest first.</p>`;
}

function tagList(tags: readonly string[]): Html {
  return tags.length ? html`<span class="tags">${tags.map((t) => badge(`#${t}`, 'tag'))}</span>` : html``;
}

function deliveredCard(m: DeliveredMemory): Html {
  if (m.form !== 'full') {
    return html`<li class="card">${memoryLink(m.id)} ${badge(m.type, 'type')} ${badge(`trust ${m.trust}`)}<p>${excerpt(m.content)}</p></li>`;
  }
  return html`<li class="card">
  <div class="card-head">${memoryLink(m.id)} ${badge(m.type, 'type')} ${badge(m.scope, 'scope')} ${badge(`trust ${m.trust}`)} ${tagList(m.tags)}</div>
  <p class="content">${excerpt(m.content, 400)}</p>
  <div class="card-foot">score ${m.scores.final.toFixed(3)} · decayed ${confidence(m.scores.effectiveConfidence, 'decayed confidence')}
    · v${m.version} · written ${time(m.createdAt)} · from ${m.provenance.sourceType}${m.provenance.sourceId ? `:${m.provenance.sourceId}` : ''}
    ${m.expandedFrom ? html` · via graph from ${memoryLink(m.expandedFrom)}` : ''} · cite <code>${m.citation.url}</code></div>
  ${m.issues.length ? html`<ul class="issues">${m.issues.map((i) => html`<li>${badge(i.code, 'warn')} ${i.message}</li>`)}</ul>` : ''}
</li>`;
}

function searchResults(r: RetrieveResponse): Html {
  const head = html`<p class="summary">${r.results.length} result(s) · route ${r.route} · mode ${r.mode}${r.degraded ? html` · ${badge('degraded', 'warn')} ${r.degraded}` : ''}${r.pendingEmbeddings ? ` · ${r.pendingEmbeddings} memories await embeddings` : ''}</p>`;
  const contradictions = r.contradictions.length
    ? html`<section aria-labelledby="contra"><h2 id="contra">Contradictions</h2><ul>${r.contradictions.map((c) => html`<li>${memoryLink(c.ids[0])} vs ${memoryLink(c.ids[1])}: ${c.kind} — ${c.reason}</li>`)}</ul></section>`
    : '';
  const excluded = r.excluded.length
    ? html`<details><summary>${r.excluded.length} candidate(s) excluded by validation</summary><ul>${r.excluded.map((e) => html`<li>${memoryLink(e.id)} ${badge(e.reason, 'muted')}${e.relatedId ? html` → ${memoryLink(e.relatedId)}` : ''}</li>`)}</ul></details>`
    : '';
  const list = r.results.length ? html`<ol class="cards">${r.results.map(deliveredCard)}</ol>` : notice('empty', 'Nothing matches this query in the scopes searched. Try another wording, the keyword mode, or name the project scope.');
  return html`${head}${list}${contradictions}${excluded}`;
}

function listRow(m: MemoryRecord): Html {
  return html`<tr><td>${memoryLink(m.id)}</td><td>${badge(m.type, 'type')}</td><td>${m.scope}</td><td>${statusBadge(m.status)}</td>
<td>${excerpt(m.content, 140)} ${tagList(m.tags)}</td><td>${confidence(m.confidence)}</td><td>${time(m.createdAt)}</td></tr>`;
}

function listing(items: MemoryRecord[], next: Html): Html {
  if (!items.length) return notice('empty', 'No memories match these filters yet. Agents add memories through MCP (memory.store, remember) or A2A; queued ones wait in the Gate.');
  return html`<table class="grid"><caption class="sr-only">Memories, newest first</caption>
<thead><tr><th scope="col">ID</th><th scope="col">Type</th><th scope="col">Scope</th><th scope="col">Status</th><th scope="col">Content</th><th scope="col">Confidence</th><th scope="col">Created</th></tr></thead>
<tbody>${items.map(listRow)}</tbody></table>${next}`;
}

/** The Memories page: search (the retrieval pipeline) or a keyset-paginated listing. */
export function memoriesPage(f: MemoriesForm, body: { search?: RetrieveResponse; list?: { items: MemoryRecord[]; nextCursor: string | null }; error?: string }): string {
  const params = { mode: f.mode, scope: f.scope, types: f.types, tags: f.tags, status: f.status, archived: f.archived ? 'on' : undefined };
  const content = body.error
    ? notice('error', body.error)
    : body.search ? searchResults(body.search) : listing(body.list?.items ?? [], nextPage('/memories', params, body.list?.nextCursor ?? null));
  return layout(f.q ? `Search: ${f.q}` : 'Memories', 'memories', html`<h1>Memories</h1>${searchForm(f)}<section aria-label="Results" class="results">${content}</section>`);
}
