import type { ConversationEvent, Grip, TocNode, TocPage, TocProject, TocSearchHit } from '@engram/conversation';
import { badge, time } from './components.js';
import { html, query, type Html } from './html.js';
import { layout, notice } from './layout.js';

export interface ConversationsForm {
  project?: string;
  q?: string;
}

export interface GripExpansion {
  grip: Grip;
  events: ConversationEvent[];
}

function nodeHref(project: string, nodeId: string): string {
  return `/conversations${query({ project, node: nodeId })}`;
}

function form(f: ConversationsForm): Html {
  return html`<form class="filters" method="get" action="/conversations" role="search" aria-label="Search the conversation TOC">
<div class="field"><label for="project">Project</label><input id="project" name="project" value="${f.project ?? ''}" placeholder="project:acme" required></div>
<div class="field grow"><label for="q">Search the TOC</label><input id="q" name="q" type="search" value="${f.q ?? ''}" placeholder="what did we decide about…"></div>
<div class="field"><button type="submit">Go</button></div></form>`;
}

function childList(project: string, page: TocPage): Html {
  if (!page.children.length) return notice('empty', 'No entries below this one yet (the TOC builder summarises new events every few seconds while a server runs).');
  return html`<ul class="cards">${page.children.map((c) => html`<li class="card"><div class="card-head">${badge(c.level, 'op')} <a href="${nodeHref(project, c.nodeId)}">${c.title}</a></div>
<div class="card-foot">${time(c.start)} → ${time(c.end)} · ${c.eventCount} events</div></li>`)}</ul>`;
}

function eventList(events: ConversationEvent[]): Html {
  return html`<ol class="events">${events.map((e) => html`<li><strong>${e.role || e.kind}</strong> <span class="muted">${e.agent} · ${time(e.ts)}</span><div class="content">${e.text}</div></li>`)}</ol>`;
}

function gripBlock(g: GripExpansion): Html {
  return html`<details class="grip"><summary>“${g.grip.excerpt.slice(0, 120)}” <span class="muted">${g.grip.source} · ${time(g.grip.ts)}</span></summary>${eventList(g.events)}</details>`;
}

/** The projects with a TOC, each a link to its years (issue 37: the page asked for a name and listed none). */
function projectList(projects: TocProject[]): Html {
  if (!projects.length) {
    return notice('empty', 'No conversation has been summarised yet. `engram hooks install` in a repository records its agent sessions; the TOC builder summarises them every few seconds while a server runs (or `engram toc build`).');
  }
  return html`<h2>Projects</h2><ul class="cards projects">${projects.map((p) => html`<li class="card"><div class="card-head"><a href="/conversations${query({ project: p.project })}">${p.project}</a></div>
<div class="card-foot">${time(p.from)} → ${time(p.to)}</div></li>`)}</ul>`;
}

/** The TOC root (years) of a project, or, without a project, the projects that have one. */
export function tocRootPage(f: ConversationsForm, years?: TocPage, hits?: TocSearchHit[], error?: string, projects: TocProject[] = []): string {
  let body: Html;
  if (error) body = notice('error', error);
  else if (!f.project) body = projectList(projects);
  else if (hits) {
    body = hits.length
      ? html`<h2>Matches</h2><ul class="cards">${hits.map((h) => html`<li class="card"><div class="card-head">${badge(h.kind === 'grip' ? 'excerpt' : (h.level ?? 'node'), 'op')} <a href="${nodeHref(f.project as string, h.nodeId)}">${h.text.slice(0, 160)}</a></div><div class="card-foot">${time(h.at)} · matched by ${h.matchedBy.join(' + ')}</div></li>`)}</ul>`
      : notice('empty', 'Nothing in this project’s TOC matches.');
  } else body = html`<h2>Years</h2>${childList(f.project, years ?? { children: [], nextCursor: null })}`;
  return layout('Conversations', 'conversations', html`<h1>Conversations</h1>${form(f)}<section class="toc">${body}</section>`);
}

/** One TOC node: its summary bullets (with grips expanding to the events), its children, its parents. */
export function tocNodePage(project: string, node: TocNode, children: TocPage, grips: GripExpansion[], ancestors: TocNode[]): string {
  const byId = new Map(grips.map((g) => [g.grip.gripId, g]));
  const crumbs = html`<p class="crumbs"><a href="/conversations${query({ project })}">${project}</a>${ancestors.map((a) => html` › <a href="${nodeHref(project, a.nodeId)}">${a.title}</a>`)} › ${node.title}</p>`;
  const bullets = node.bullets.length
    ? html`<ul class="bullets">${node.bullets.map((b) => html`<li>${b.text}${b.gripIds.map((id) => byId.get(id)).filter((g): g is GripExpansion => !!g).map(gripBlock)}</li>`)}</ul>`
    : notice('empty', 'This entry has no summary yet.');
  return layout(node.title, 'conversations', html`${crumbs}<h1>${badge(node.level, 'op')} ${node.title}</h1>
<p class="summary">${time(node.start)} → ${time(node.end)} · ${node.eventCount} events · ${node.tokenCount} tokens · summarised by ${node.summariser} · v${node.version}</p>
${node.keywords.length ? html`<p class="tags">${node.keywords.map((k) => badge(k, 'tag'))}</p>` : ''}
<h2>Summary</h2>${bullets}
${node.level === 'segment' ? '' : html`<h2>Inside</h2>${childList(project, children)}`}`);
}
