// The web inspector in a real browser (Debian's chromium via playwright-core) on both backends:
// seeded through the public use cases, driven through its pages like a person would.
import { request } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { processBackends } from '../../../tools/test/backends.js';
import { tempHome, testModelDir } from '../../../tools/test/app-process.js';
import { buildInspector, launchBrowser, startInspector, watchProblems, type InspectorProcess, type PageProblems } from './harness.js';
import { screenshot, seriousViolations, unreachableByKeyboard } from './inspector-pages.js';
import { seedStore, type Seeded } from './seed.js';

function statusWithHost(target: string, host: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target, { headers: { host, authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

const API_KEY = 'inspector-e2e-key-0123456789';
let browser: Browser;

beforeAll(async () => {
  buildInspector();
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.each(processBackends)('inspector in chromium ($name)', (backend) => {
  const home = tempHome();
  const tag = backend.name.includes('PGlite') ? 'pglite' : 'postgres';
  let server: InspectorProcess;
  let seeded: Seeded;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  const url = (path: string) => `${server.baseUrl}${path}`;

  beforeAll(async () => {
    const env = await backend.env();
    seeded = await seedStore({ home: home.dir, databaseUrl: env.DATABASE_URL });
    const model = testModelDir();
    server = await startInspector({ ...env, ENGRAM_HOME: home.dir, ENGRAM_API_KEY: API_KEY }, model ? ['--model-dir', model] : ['--model-dir', `${home.dir}/no-model`]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // Generous for CI, where ~1000 tests share two cores; a passing run waits far less.
    page.setDefaultTimeout(30_000);
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await context?.close();
    await server?.stop();
    home.remove();
  });
  afterEach(() => expect(problems.list).toEqual([]));

  it('prints a one-time URL that signs the browser in (never the key itself)', async () => {
    const printed = /open (\S+)/.exec(server.stdout())?.[1];
    expect(printed).toContain('/login?token=');
    expect(server.stdout()).not.toContain(API_KEY);
    await page.goto(printed as string);
    expect(new URL(page.url()).pathname).toBe('/memories');
    await page.getByRole('heading', { name: 'Memories' }).waitFor();
  });

  it('finds a seeded memory through the search form (validated retrieval pipeline)', async () => {
    await page.goto(url('/memories'));
    await page.getByLabel('Query').fill('staging database port');
    await page.getByLabel('Scope').fill('project:acme');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=staging/);
    const hit = page.locator(`.card a[href="/memories/${seeded.factId}"]`);
    await hit.first().waitFor();
    expect(await page.locator('.card').first().textContent()).toContain('PostgreSQL 16');
    await screenshot(page, `${tag}-search`);
  });

  it('shows the version timeline and a diff that highlights the change', async () => {
    await page.goto(url(`/memories/${seeded.factId}`));
    expect(await page.locator('.timeline .tl-item').count()).toBe(2);
    await page.getByRole('link', { name: 'diff with v1' }).click();
    await page.locator('.diff ins').first().waitFor();
    const inserted = await page.locator('.diff ins').allTextContents();
    const deleted = await page.locator('.diff del').allTextContents();
    expect(inserted.join(' ')).toContain('5434');
    expect(deleted.join(' ')).toContain('5433');
    await page.goto(url(`/memories/${seeded.factId}?from=1&to=2`));
    await screenshot(page, `${tag}-memory-diff`);
  });

  it('draws the graph neighbourhood and opens a neighbour from it', async () => {
    await page.goto(url(`/memories/${seeded.derivedId}`));
    const graph = page.locator('#graph-view[data-rendered]');
    await graph.waitFor();
    expect(Number(await graph.getAttribute('data-rendered'))).toBeGreaterThanOrEqual(3);
    await page.getByText('Edges as a list').click();
    await page.locator(`.edges a[href="/memories/${seeded.factId}"]`).first().click();
    await page.waitForURL(new RegExp(`/memories/${seeded.factId}$`));
  });

  it('shows the memory as of an earlier time', async () => {
    await page.goto(url(`/memories/${seeded.factId}`));
    await page.getByRole('link', { name: 'view as of this version' }).last().click();
    await page.locator('.notice-info').waitFor();
    expect(await page.locator('blockquote.content').textContent()).toContain('port 5433');
  });

  it('approves a queued write from the page: it becomes a memory and is audited', async () => {
    await page.goto(url('/gate'));
    await page.locator(`a[href="/gate/${seeded.approveRequestId}"]`).click();
    await page.getByRole('heading', { name: 'Payload and record' }).waitFor();
    await screenshot(page, `${tag}-gate-request`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved: the write went through the gate.').waitFor();
    const result = await page.locator('dd a[href^="/memories/"]').first().getAttribute('href');
    expect(result).toMatch(/^\/memories\/[0-9a-f-]{36}$/);
    await page.goto(url(result as string));
    expect(await page.locator('blockquote.content').textContent()).toContain(seeded.approveContent);
    await page.goto(url(`/gate/audit?reviewer=${encodeURIComponent('ui:')}`));
    await page.goto(url(`/gate/audit?memory=${(result as string).split('/').pop()}`));
    expect(await page.locator('table.grid tbody').textContent()).toMatch(/ui:/);
    await screenshot(page, `${tag}-audit`);
  });

  it('rejects a queued write with a reason the page and the audit log show', async () => {
    await page.goto(url(`/gate/${seeded.rejectRequestId}`));
    await page.getByLabel('Reason for rejecting').fill('Deploys never happen on Fridays here');
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Rejected: the reason is in the audit trail.').waitFor();
    expect(await page.locator('main').textContent()).toContain('Deploys never happen on Fridays here');
    await page.goto(url(`/gate/audit?reason=${encodeURIComponent('never happen on Fridays')}`));
    expect(await page.locator('table.grid tbody tr').count()).toBeGreaterThanOrEqual(1);
  });

  it('answers bad input in URLs and forms with a clear message, never a stack trace', async () => {
    problems.expect('/memories');
    for (const [path, message] of [['/memories?mode=psychic', 'mode must be hybrid'], ['/memories/not-a-uuid', 'must be a UUID'], ['/memories/00000000-0000-4000-8000-000000000000', 'not found'], ['/gate?status=maybe', 'status must be'], ['/memories?q=x&scope=nonsense', 'invalid scope'],
      ['/memories?archived=' + 'x'.repeat(40), 'at most'], ['/gate/audit?memory=123', 'must be a UUID'], ['/memories/' + '0'.repeat(8) + '-0000-4000-8000-000000000000?asOf=yesterday', 'is not a date']] as const) {
      if (path.startsWith('/gate/audit')) problems.expect('/gate/audit');
      if (path.startsWith('/gate')) problems.expect('/gate');
      const res = await page.goto(url(path));
      expect(res?.status()).toBeGreaterThanOrEqual(400);
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain(message);
      expect(text).not.toMatch(/\bat .+\.(js|ts):\d+/);
    }
  });

  it('refuses a request without the key (401) and a foreign Host or Origin (403)', async () => {
    expect((await fetch(url('/memories'))).status).toBe(401);
    expect((await fetch(url('/memories'), { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url('/memories'), { headers: { authorization: `Bearer ${API_KEY}` } })).status).toBe(200);
    // fetch() may not set Host; a raw request can (as a DNS-rebinding page's would arrive).
    expect(await statusWithHost(url('/memories'), 'evil.example', API_KEY)).toBe(403);
    expect(await statusWithHost(url('/memories'), `localhost:${new URL(server.baseUrl).port}`, API_KEY)).toBe(200);
    const foreignOrigin = await fetch(url(`/gate/${seeded.rejectRequestId}/approve`), { method: 'POST', headers: { authorization: `Bearer ${API_KEY}`, origin: 'http://evil.example' } });
    expect(foreignOrigin.status).toBe(403);
  });

  it('browses the conversation TOC down to a segment whose grips expand to the events, and searches it', async () => {
    await page.goto(url('/conversations?project=project%3Aacme'));
    for (const level of ['year', 'month', 'week', 'day', 'segment']) {
      await page.locator('.cards .card a').first().click();
      await page.locator('h1 .badge', { hasText: level }).waitFor();
    }
    await page.locator('details.grip summary').first().click();
    expect(await page.locator('details.grip .events').first().textContent()).toMatch(/cytoscape|graph|offline/);
    await screenshot(page, `${tag}-conversation-segment`);
    await page.goto(url('/conversations?project=project%3Aacme&q=offline'));
    expect(await page.locator('.cards .card').count()).toBeGreaterThanOrEqual(1);
  });

  it('shows PRD executions with decisions and rejected alternatives, and thinking chains with revisions', async () => {
    await page.goto(url('/work'));
    await page.getByRole('link', { name: 'Web inspector' }).click();
    expect(await page.locator('main').textContent()).toContain('Rejected alternatives: SPA with a JSON API');
    await page.goto(url('/work'));
    await page.getByRole('link', { name: 'How to draw the memory graph' }).click();
    await page.locator('.badge', { hasText: 'revises 1' }).waitFor();
  });

  it('draws the health and lifecycle charts from the stats', async () => {
    await page.goto(url('/health'));
    await page.locator('#chart-types[data-rendered]').waitFor();
    await page.locator('#chart-gate[data-rendered]').waitFor();
    expect(await page.locator('main').textContent()).toContain('Embedding backlog');
  });

  const PAGES = () => [
    ['memories', '/memories'], ['memory', `/memories/${seeded.derivedId}`], ['gate', '/gate?status=committed'], ['gate-log', `/gate/${seeded.rejectRequestId}`], ['audit', '/gate/audit'],
    ['conversations', '/conversations?project=project%3Aacme'], ['work', '/work'], ['prd', `/work/prd/${seeded.prdId}`], ['chain', `/work/chains/${seeded.chainId}`], ['health', '/health'],
  ] as const;

  it('every page loads cleanly, passes axe-core (no serious violation) and is reachable by keyboard', async () => {
    for (const [name, path] of PAGES()) {
      await page.goto(url(path));
      await page.waitForLoadState('networkidle');
      expect({ name, violations: await seriousViolations(page) }).toEqual({ name, violations: [] });
      expect({ name, unreachable: await unreachableByKeyboard(page) }).toEqual({ name, unreachable: [] });
      await screenshot(page, `${tag}-${name}`);
    }
  });
});
