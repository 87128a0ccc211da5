/// <reference lib="dom" />
// Issue 37's inspector items in a real browser (Debian's chromium via playwright-core), on the
// embedded engine: the pages are rendering and transport code, the same on every backend (the
// audit filter's SQL runs on both in libs/librarian/test/inspector-reads.int-spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallContext } from '@engram/agents';
import { composeRuntime, loadServerConfig } from '@engram/runtime';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot, tempHome } from '../../../tools/test/app-process.js';
import { buildInspector, launchBrowser, startInspector, type InspectorProcess } from './harness.js';
import { seedStore, type Seeded } from './seed.js';

const API_KEY = 'inspector-rough-edges-key-0123456789';
const ctx: CallContext = { actor: 'mcp:seed-agent', scope: 'project:acme' };

interface Extra { oldId: string; newId: string; promoteRequestId: string; promotedId: string }

/** A superseded fact (two records whose content starts alike) and a queued promotion to global. */
async function seedExtra(home: string): Promise<Extra> {
  const rt = await composeRuntime(loadServerConfig({ home, modelDir: '/nonexistent-model-dir' }, {}), { log: () => undefined });
  try {
    const s = rt.service;
    const old = await s.store({ type: 'fact', content: 'The release train of the payments service leaves every Tuesday at 10:00 UTC', scope: 'project:acme' }, ctx);
    const next = await s.supersede(old.id, { content: 'The release train of the payments service leaves every Tuesday at 11:00 UTC' }, ctx);
    const promoted = await s.store({ type: 'fact', content: 'Every log line carries a UTC timestamp', scope: 'project:acme' }, ctx);
    const promotion = await s.promote(promoted.id, ctx);
    if (promotion.status !== 'pending' || next.status !== 'approved') throw new Error(`seed: promote ${promotion.status}, supersede ${next.status}`);
    return { oldId: old.id, newId: next.id, promoteRequestId: promotion.requestId, promotedId: promoted.id };
  } finally {
    await rt.runtime.close();
  }
}

/** The tool names the MCP server registers (its golden tools/list). */
const MCP_TOOLS = new Set((JSON.parse(readFileSync(join(repoRoot, 'apps/mcp-server/src/tools/tools-list.golden.json'), 'utf8')) as { name: string }[]).map((t) => t.name));

let browser: Browser;
beforeAll(async () => {
  buildInspector();
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('inspector rough edges (issue 37)', () => {
  const home = tempHome();
  let server: InspectorProcess;
  let seeded: Seeded;
  let extra: Extra;
  let context: BrowserContext;
  let page: Page;
  const url = (path: string) => `${server.baseUrl}${path}`;
  const text = async (selector = 'main') => (await page.locator(selector).first().textContent()) ?? '';

  beforeAll(async () => {
    seeded = await seedStore({ home: home.dir });
    extra = await seedExtra(home.dir);
    server = await startInspector({ ENGRAM_HOME: home.dir, ENGRAM_API_KEY: API_KEY }, ['--model-dir', `${home.dir}/no-model`]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(/open (\S+)/.exec(server.stdout())?.[1] as string);
    await page.waitForURL(/\/memories$/);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    home.remove();
  });

  it('issue 37 assets: app.js only where a graph or chart is drawn, content-addressed, cached for good, revalidated by ETag', async () => {
    const scripts = () => page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
    await page.goto(url('/memories'));
    expect(await scripts()).toEqual([]);
    const first = page.waitForResponse((r) => r.url().includes('/assets/app.js'));
    await page.goto(url(`/memories/${seeded.derivedId}`));
    const response = await first;
    const [src] = await scripts();
    expect(src).toMatch(/^\/assets\/app\.js\?v=[0-9a-f]{16}$/);
    const headers = response.headers();
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headers['etag']).toBe(`"${(src as string).split('v=')[1]}"`);
    expect(Date.parse(headers['last-modified'] ?? '')).not.toBeNaN();
    await page.locator('#graph-view[data-rendered]').waitFor();
    // The next page that draws takes app.js from the browser's cache: nothing crosses the network.
    await page.goto(url('/health'));
    await page.locator('#chart-types[data-rendered]').waitFor();
    const transfer = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/assets/app.js')).map((e) => ({ transfer: e.transferSize, body: e.decodedBodySize })));
    expect(transfer).toEqual([{ transfer: 0, body: expect.any(Number) }]);
    expect(transfer[0]!.body).toBeGreaterThan(100_000);
    const unversioned = await fetch(url('/assets/app.js'), { headers: { 'if-none-match': headers['etag'] as string } });
    expect([unversioned.status, unversioned.headers.get('cache-control')]).toEqual([304, 'no-cache']);
  });

  it('issue 37 engram ui --host 0.0.0.0: the printed URL works, the key is never printed, the sign-in link works once', async () => {
    const wide = await startInspector({ ENGRAM_HOME: home.dir, ENGRAM_API_KEY: API_KEY }, ['--model-dir', `${home.dir}/no-model`, '--host', '0.0.0.0']);
    const other = await browser.newContext();
    try {
      const printed = /open (\S+)/.exec(wide.stdout())?.[1] as string;
      expect(new URL(printed).hostname).not.toBe('0.0.0.0');
      expect(printed).toMatch(/\/login\?token=[\w-]{20,}$/);
      expect(wide.stdout() + wide.stderr()).not.toContain(API_KEY);
      const tab = await other.newPage();
      await tab.goto(printed);
      expect(new URL(tab.url()).pathname).toBe('/memories');
      await tab.getByRole('heading', { name: 'Memories' }).waitFor();
      const again = await (await browser.newContext()).newPage();
      const reused = await again.goto(printed);
      expect(reused?.status()).toBe(401);
      expect(await again.locator('main').textContent()).toMatch(/used already or has expired/);
      await again.context().close();
    } finally {
      await other.close();
      await wide.stop();
    }
  });

  it('issue 37 types=: the documented parameter filters the list (type= still works)', async () => {
    for (const param of ['types', 'type']) {
      await page.goto(url(`/memories?${param}=preference`));
      const types = await page.locator('table.grid tbody tr .badge-type').allTextContents();
      const rows = await page.locator('table.grid tbody tr').allTextContents();
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.every((r) => r.includes('preference'))).toBe(true);
      expect(types.every((t) => t.trim() === 'preference')).toBe(true);
    }
    expect(await page.getByLabel('Types').inputValue()).toBe('preference');
  });

  it('issue 37 promote: the request shows the type, the scope it leaves and the global target', async () => {
    await page.goto(url('/gate'));
    expect(await text(`tr:has(a[href="/gate/${extra.promoteRequestId}"])`)).toContain('to global');
    await page.goto(url(`/gate/${extra.promoteRequestId}`));
    const proposed = page.locator('.beside .side').first();
    expect(await proposed.locator('dd').allTextContents()).toEqual(expect.arrayContaining(['fact', 'global']));
    expect(await text('.notice-info')).toMatch(/moves from project:acme to the global scope/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved: the write went through the gate.').waitFor();
    await page.goto(url(`/memories/${extra.promotedId}`));
    expect(await text('dl.facts')).toContain('global');
  });

  it('issue 37 audit: the reviewer filter matches any part of the name, in any case', async () => {
    for (const reviewer of ['UI:', 'ui', 'Ui:']) {
      await page.goto(url(`/gate/audit?reviewer=${encodeURIComponent(reviewer)}`));
      const rows = await page.locator('table.grid tbody tr').allTextContents();
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.every((r) => /ui:/.test(r))).toBe(true);
    }
  });

  it('issue 37 work: the empty state names MCP tools that exist', async () => {
    await page.goto(url('/work?scope=project%3Anothing-here'));
    const notices = (await page.locator('.notice-empty').allTextContents()).join(' ');
    const named = [...notices.matchAll(/\b[a-z]+_[a-z_]+\b/g)].map((m) => m[0]);
    expect(named).toEqual(expect.arrayContaining(['prd_context', 'prd_event', 'start_thinking']));
    expect(named.filter((n) => !MCP_TOOLS.has(n))).toEqual([]);
    expect(notices).not.toMatch(/prd\.status|prd\.event/);
  });

  it('issue 37 graph: the labels of a superseded fact and its replacement differ; the source is not doubled', async () => {
    await page.goto(url(`/memories/${extra.newId}`));
    await page.locator('#graph-view[data-rendered]').waitFor();
    const island = JSON.parse((await page.locator('#graph-data').textContent()) ?? '{}') as { nodes: { id: string; label: string }[] };
    const labels = island.nodes.map((n) => n.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.find((l) => l.includes(extra.oldId.slice(0, 8)))).toMatch(/\(superseded\): The release train/);
    await page.getByText('Edges as a list').click();
    const ends = await page.locator('.edges li a').allTextContents();
    expect(ends.some((e) => e.includes('(superseded)'))).toBe(true);
    expect(new Set(ends).size).toBe(ends.length);
    const source = await page.locator('dl.facts div', { hasText: 'Source' }).locator('dd').textContent();
    expect(source).toBe('mcp:seed-agent');
  });

  it('issue 37 conversations: the page lists the projects with a TOC, each a link to its years', async () => {
    await page.goto(url('/conversations'));
    await page.getByRole('link', { name: 'project:acme' }).click();
    await page.waitForURL(/project=project%3Aacme/);
    await page.getByRole('heading', { name: 'Years' }).waitFor();
  });

  it('issue 37 health: the page shows the migrations state', async () => {
    await page.goto(url('/health'));
    const migrations = await page.locator('dl.facts div', { hasText: 'Migrations' }).locator('dd').textContent();
    expect(migrations).toMatch(/^up to date \(\d+, latest _?\d{8}T\d{9}Z\S*\)$/);
  });
});
