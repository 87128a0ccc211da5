import { html, type Html } from './html.js';

/** A UTC timestamp as text, with the machine-readable value in <time>. */
export function time(value: Date | string | null | undefined): Html {
  if (!value) return html`<span class="muted">—</span>`;
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return html`${String(value)}`;
  return html`<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`;
}

/** A small label; `tone` picks the colour class. */
export function badge(text: string, tone = 'plain'): Html {
  return html`<span class="badge badge-${tone}">${text}</span>`;
}

const STATUS_TONE: Record<string, string> = {
  active: 'ok', superseded: 'warn', invalidated: 'bad', archived: 'muted', forgotten: 'bad',
  pending: 'warn', committed: 'ok', approved: 'ok', rejected: 'bad', noop: 'muted',
};

export function statusBadge(status: string): Html {
  return badge(status, STATUS_TONE[status] ?? 'plain');
}

/** A 0..1 value as a percentage with a meter (screen readers get the number). */
export function confidence(value: number, label = 'confidence'): Html {
  const pct = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return html`<span class="conf"><meter min="0" max="1" value="${value.toFixed(3)}" aria-label="${label}">${pct}%</meter> ${pct}%</span>`;
}

/** Short form of a UUID for tables (the full id stays in the link target and title). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

export function memoryLink(id: string, text?: string): Html {
  return html`<a href="/memories/${id}" title="${id}"><code>${text ?? shortId(id)}</code></a>`;
}

/** First `max` characters, on a word boundary when possible. */
export function excerpt(text: string, max = 220): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A "next page" link for keyset pagination (there is no "previous": the cursor only moves forward). */
export function nextPage(path: string, params: Record<string, string | undefined>, cursor: string | null): Html {
  if (!cursor) return html``;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  q.set('cursor', cursor);
  return html`<nav class="pager" aria-label="Pagination"><a href="${path}?${q.toString()}" rel="next">Next page →</a></nav>`;
}

/** A definition list from label/value pairs (values already markup or text). */
export function facts(rows: Array<[string, Html | string | number | null | undefined]>): Html {
  return html`<dl class="facts">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v ?? html`<span class="muted">—</span>`}</dd></div>`)}</dl>`;
}
