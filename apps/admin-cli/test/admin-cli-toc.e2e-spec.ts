import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

beforeAll(() => buildApp('admin-cli'));

const line = (id: string, ts: string, text: string, kind = 'user_message') => JSON.stringify({ event_id: id, session_id: 'cli-s', ts, kind, text });

describe.each(backends)('engram toc and events list ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;
  const P = ['--project', 'project:cli-toc'];

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    const file = join(home.dir, 'events.jsonl');
    writeFileSync(file, [
      line('c1', '2026-03-02T10:00:00Z', 'Decide the cache eviction policy for the gateway.'),
      line('c2', '2026-03-02T10:01:00Z', 'LRU with a 10 minute TTL fits the gateway cache.', 'assistant_message'),
      line('c3', '2026-03-03T16:00:00Z', 'Write the release notes for version 2.4.'),
    ].join('\n'));
    expect(await runCliJson(['events', 'import', file, ...P], env)).toMatchObject({ inserted: 3 });
  });
  afterAll(() => home.remove());

  it('builds, browses, opens and searches the TOC', async () => {
    expect(await runCliJson(['toc', 'status', ...P], env)).toMatchObject({ events: 3, pendingOutbox: 3, nodes: { day: 0 } });
    expect(await runCliJson(['toc', 'build'], env)).toMatchObject({ outboxClaimed: 3, nodesWritten: 7 }); // 2 segments, 2 days, a week, a month, a year
    const browse = await runCli(['toc', 'browse', 'week:2026-03-W10', ...P], env);
    expect(browse.code).toBe(0);
    expect(browse.stdout).toMatch(/day:2026-03-02 .* 2 ev /);
    expect(browse.stdout).toMatch(/day:2026-03-03 /);
    const node = await runCliJson(['toc', 'node', 'day:2026-03-02', ...P], env) as { node: { keywords: string[]; childIds: string[] }; grips: unknown[] };
    expect(node.node.keywords).toContain('gateway');
    // A day of one segment points at it instead of repeating its bullets: the evidence is on the segment.
    const segment = await runCliJson(['toc', 'node', node.node.childIds[0] ?? '', ...P], env) as { grips: unknown[] };
    expect(segment.grips.length).toBeGreaterThan(0);
    const search = await runCli(['toc', 'search', 'release', 'notes', ...P], env);
    expect(search.stdout).toMatch(/release notes/);
    const events = await runCli(['events', 'list', '--from', '2026-03-03', ...P], env);
    expect(events.stdout).toMatch(/c3 .*release notes/);
    expect(events.stdout).not.toMatch(/c1 /);
  });

  it('rebuilds as new versions, compacts the old ones, and reports status', async () => {
    const rebuilt = await runCliJson(['toc', 'rebuild', ...P], env) as { days: number; written: number };
    expect(rebuilt).toMatchObject({ days: 2, written: 7 });
    expect(await runCliJson(['toc', 'status', ...P], env)).toMatchObject({ versions: 14, supersededVersions: 7, checkpoint: { run: null } });
    expect(await runCliJson(['toc', 'compact', '--older-than', '0', ...P], env)).toEqual({ deleted: 7 });
    const status = await runCli(['toc', 'status', ...P], env);
    expect(status.stdout).toMatch(/versions 7 \(0 superseded\)/);
  });

  it('refuses bad input with the right exit codes', async () => {
    expect((await runCli(['toc', 'node', 'day:1999-01-01', ...P], env)).code).toBe(3);
    const bad = await runCli(['toc', 'node', 'decade:2020', ...P], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a TOC node id/);
    expect((await runCli(['events', 'list', '--from', 'yesterday-ish', ...P], env)).code).toBe(2);
    expect((await runCli(['toc', 'compact', '--older-than', '-1', ...P], env)).code).toBe(2);
  });
});
