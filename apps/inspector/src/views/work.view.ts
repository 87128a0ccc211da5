import type { PrdDecision, PrdEvent, PrdExecution, ThinkingChain, Thought } from '@engram/agents';
import { badge, facts, statusBadge, time } from './components.js';
import { html, type Html } from './html.js';
import { layout, notice } from './layout.js';

function progressBar(e: PrdExecution): Html {
  const p = e.progress;
  const total = p.completed.length + p.in_progress.length + p.blocked.length + p.not_started.length;
  return html`<span class="conf"><meter min="0" max="${Math.max(total, 1)}" value="${p.completed.length}" aria-label="requirements completed">${p.completed.length}/${total}</meter> ${p.completed.length}/${total} done${p.blocked.length ? html` · ${badge(`${p.blocked.length} blocked`, 'bad')}` : ''}</span>`;
}

/** PRD executions and thinking chains, newest first. */
export function workPage(scope: string | undefined, prds: PrdExecution[], chains: ThinkingChain[]): string {
  const form = html`<form class="filters" method="get" action="/work"><div class="field"><label for="scope">Scope</label><input id="scope" name="scope" value="${scope ?? ''}" placeholder="project:acme (empty: all)"></div><div class="field"><button type="submit">Show</button></div></form>`;
  const prdTable = prds.length
    ? html`<table class="grid"><caption class="sr-only">PRD executions</caption><thead><tr><th scope="col">PRD</th><th scope="col">Scope</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Updated</th></tr></thead>
<tbody>${prds.map((p) => html`<tr><td><a href="/work/prd/${p.id}">${p.title ?? p.ref}</a></td><td>${p.scope}</td><td>${statusBadge(p.status)}</td><td>${progressBar(p)}</td><td>${time(p.updatedAt)}</td></tr>`)}</tbody></table>`
    : notice('empty', 'No PRD executions yet. An agent starts one with the prd_context MCP tool, naming the file or commit of the PRD, then logs progress with prd_event, prd_decision and prd_status. These tools are in the full tool profile (engram-mcp --tools full).');
  const chainTable = chains.length
    ? html`<table class="grid"><caption class="sr-only">Thinking chains</caption><thead><tr><th scope="col">Question</th><th scope="col">Scope</th><th scope="col">Status</th><th scope="col">Thoughts</th><th scope="col">Updated</th></tr></thead>
<tbody>${chains.map((c) => html`<tr><td><a href="/work/chains/${c.id}">${c.query}</a></td><td>${c.scope}</td><td>${statusBadge(c.status)}</td><td>${c.thoughtCount}</td><td>${time(c.updatedAt)}</td></tr>`)}</tbody></table>`
    : notice('empty', 'No thinking chains yet. An agent opens one with the start_thinking MCP tool, adds thoughts with think and closes it with finish_thinking (full tool profile: engram-mcp --tools full).');
  return layout('Work', 'work', html`<h1>Work</h1>${form}<h2>PRD executions</h2>${prdTable}<h2>Thinking chains</h2>${chainTable}`);
}

/** One PRD execution: progress per requirement, events, decisions with the alternatives rejected. */
export function prdPage(e: PrdExecution, events: PrdEvent[], decisions: PrdDecision[]): string {
  const p = e.progress;
  const reqs = html`<div class="beside">${(['completed', 'in_progress', 'blocked', 'not_started'] as const).map((k) => html`<div class="side"><h3>${k.replace('_', ' ')} (${p[k].length})</h3>${p[k].length ? html`<ul>${p[k].map((r) => html`<li><code>${r}</code></li>`)}</ul>` : html`<p class="muted">none</p>`}</div>`)}</div>`;
  const ev = events.length
    ? html`<ol class="timeline">${events.map((x) => html`<li class="tl-item"><div class="tl-head"><strong>#${x.seq}</strong> ${badge(x.type, 'op')} ${x.requirementId ? html`<code>${x.requirementId}</code>` : ''} ${time(x.occurredAt)}</div><div class="tl-body">${x.summary}${x.agentId ? ` · ${x.agentId}` : ''}</div></li>`)}</ol>`
    : notice('empty', 'No events recorded yet.');
  const dec = decisions.length
    ? html`<ul class="cards">${decisions.map((d) => html`<li class="card"><strong>${d.decision}</strong>${d.reason ? html`<p>${d.reason}</p>` : ''}${d.alternatives.length ? html`<p class="muted">Rejected alternatives: ${d.alternatives.join('; ')}</p>` : ''}<div class="card-foot">${time(d.createdAt)}${d.requirementId ? ` · ${d.requirementId}` : ''}</div></li>`)}</ul>`
    : notice('empty', 'No decisions recorded yet.');
  return layout(`PRD ${e.title ?? e.ref}`, 'work', html`<p class="crumbs"><a href="/work">Work</a> › PRD</p><h1>${e.title ?? e.ref} ${statusBadge(e.status)}</h1>
${facts([['Ref', e.ref], ['Scope', e.scope], ['Progress', progressBar(e)], ['Started', time(e.createdAt)], ['Updated', time(e.updatedAt)], ['Completed', time(e.completedAt)]])}
${e.narrative ? html`<blockquote class="content">${e.narrative}</blockquote>` : ''}
<h2>Requirements</h2>${reqs}<h2>Events</h2>${ev}<h2>Decisions</h2>${dec}`);
}

/** One thinking chain: thoughts in order, revisions and branches marked. */
export function chainPage(c: ThinkingChain, thoughts: Thought[]): string {
  const list = thoughts.length
    ? html`<ol class="timeline">${thoughts.map((t) => html`<li class="tl-item"><div class="tl-head"><strong>${t.number}.</strong>${t.revises ? html` ${badge(`revises ${t.revises}`, 'warn')}` : ''}${t.branchId ? html` ${badge(`branch ${t.branchId}${t.branchFrom ? ` from ${t.branchFrom}` : ''}`, 'op')}` : ''} ${time(t.createdAt)}</div><div class="tl-body content">${t.content}</div></li>`)}</ol>`
    : notice('empty', 'No thoughts yet.');
  return layout('Thinking chain', 'work', html`<p class="crumbs"><a href="/work">Work</a> › thinking chain</p><h1>${c.query} ${statusBadge(c.status)}</h1>
${facts([['Scope', c.scope], ['Thoughts', c.thoughtCount], ['Started', time(c.createdAt)], ['Completed', time(c.completedAt)], ['PRD', c.prdExecutionId ? html`<a href="/work/prd/${c.prdExecutionId}">execution</a>` : null]])}
${c.summary ? html`<h2>Summary</h2><blockquote class="content">${c.summary}</blockquote>` : ''}<h2>Thoughts</h2>${list}`);
}
