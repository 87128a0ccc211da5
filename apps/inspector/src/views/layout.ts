import { assetUrl } from './assets.js';
import { html, type Html } from './html.js';

export type Section = 'memories' | 'gate' | 'conversations' | 'work' | 'health' | 'none';

const NAV: Array<{ section: Section; href: string; label: string }> = [
  { section: 'memories', href: '/memories', label: 'Memories' },
  { section: 'gate', href: '/gate', label: 'Gate' },
  { section: 'conversations', href: '/conversations', label: 'Conversations' },
  { section: 'work', href: '/work', label: 'Work' },
  { section: 'health', href: '/health', label: 'Health' },
];

/** The islands the bundled script draws from: a page without them does not load it (issue 37). */
const SCRIPTED = /id="(graph-data|chart-data)"/;

/** The page shell: header navigation, main landmark, the bundled stylesheet, and the script on pages that draw (no CDN). */
export function layout(title: string, section: Section, body: Html): string {
  const script = SCRIPTED.test(body.value) ? html`<script src="${assetUrl('app.js')}" defer></script>` : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · engram inspector</title>
<link rel="stylesheet" href="${assetUrl('app.css')}">
<link rel="icon" href="${assetUrl('favicon.svg')}" type="image/svg+xml">
${script}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/memories"><span aria-hidden="true">◆</span> engram</a>
  <nav aria-label="Sections"><ul>
    ${NAV.map((n) => html`<li><a href="${n.href}"${n.section === section ? html` aria-current="page"` : ''}>${n.label}</a></li>`)}
  </ul></nav>
</header>
<main id="main" tabindex="-1">
${body}
</main>
<footer class="foot">engram inspector · read-only except gate review · <a href="/health">health</a></footer>
</body>
</html>`.value;
}

/** A message box for empty results and errors; `role=alert` only for errors. */
export function notice(kind: 'empty' | 'error' | 'info', text: string | Html, extra?: Html): Html {
  return html`<div class="notice notice-${kind}"${kind === 'error' ? html` role="alert"` : ''}><p>${text}</p>${extra ?? ''}</div>`;
}

/** An error page body (never a stack trace: the message only). */
export function errorPage(status: number, message: string): string {
  const title = status === 404 ? 'Not found' : status === 400 ? 'Bad request' : status === 409 ? 'Conflict' : 'Error';
  return layout(title, 'none', html`<h1>${title}</h1>${notice('error', message)}<p><a href="/memories">Back to memories</a></p>`);
}
