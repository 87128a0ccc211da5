import { diffWords } from 'diff';
import { html, type Html } from './html.js';

/** A word diff of two texts: removed words in <del>, added ones in <ins> (screen readers announce both). */
export function wordDiff(before: string, after: string): Html {
  if (before === after) return html`<p class="muted">No change in this field.</p>`;
  const parts = diffWords(before, after);
  return html`<p class="diff">${parts.map((p) => (p.added ? html`<ins>${p.value}</ins>` : p.removed ? html`<del>${p.value}</del>` : p.value))}</p>`;
}

function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1);
}

/** Field-by-field diff of two objects: only the fields that differ, each as a word diff. */
export function objectDiff(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): Html {
  const changed = fields.filter((f) => fieldText(before[f]) !== fieldText(after[f]));
  if (!changed.length) return html`<p class="muted">The two sides are identical in ${fields.join(', ')}.</p>`;
  return html`<table class="grid diff-table"><thead><tr><th scope="col">Field</th><th scope="col">Change</th></tr></thead><tbody>
${changed.map((f) => html`<tr><th scope="row">${f}</th><td>${wordDiff(fieldText(before[f]), fieldText(after[f]))}</td></tr>`)}
</tbody></table>`;
}
