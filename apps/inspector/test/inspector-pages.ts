/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Browser checks shared by the inspector's e2e spec: axe-core, keyboard reach, screenshots.
import axe from 'axe-core';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir } from './harness.js';

/** Serious and critical axe-core violations of the page as `rule: target` lines (empty = none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axe.source);
  const result = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } };
    return w.axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** Tab through the page until focus comes back round; returns the controls never reached (as text). */
export async function unreachableByKeyboard(page: Page): Promise<string[]> {
  const total = await page.evaluate(() => {
    const els = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
      .filter((e) => e.checkVisibility());
    els.forEach((e, i) => (e.dataset.kb = String(i)));
    return els.length;
  });
  const reached = new Set<string>();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Some controls take several Tab stops (a datetime-local input has one per field), hence the slack.
  for (let i = 0; i < total * 4 + 10 && reached.size < total; i++) {
    await page.keyboard.press('Tab');
    const kb = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kb ?? '');
    if (kb) reached.add(kb);
  }
  return page.evaluate((seen) => [...document.querySelectorAll<HTMLElement>('[data-kb]')]
    .filter((e) => !seen.includes(e.dataset.kb as string))
    .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? e.getAttribute('name') ?? '').trim().slice(0, 40)}"`), [...reached]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
