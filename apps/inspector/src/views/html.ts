/** Markup that is already safe (built by {@link html}); anything else is escaped when interpolated. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * Tagged template for server-rendered pages: every interpolated value is HTML-escaped unless it
 * is itself `html`, so memory content (agent-written, untrusted) can never become markup.
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] as string;
  values.forEach((v, i) => (out += render(v) + (strings[i + 1] as string)));
  return new Html(out);
}

/** JSON for a `<script type="application/json">` data island (no `</script>` breakout). */
export function jsonIsland(id: string, data: unknown): Html {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return new Html(`<script type="application/json" id="${escapeHtml(id)}">${json}</script>`);
}

/** A query string from the non-empty values (for links that keep the current filters). */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '' && v !== false) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
