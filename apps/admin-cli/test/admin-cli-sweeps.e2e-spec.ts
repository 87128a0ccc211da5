import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { callToolsOverStdio, cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

const DAY = 86_400_000;

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram sweep / stats ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    expect((await runCli(['init', '--no-fetch-model'], env)).code).toBe(0);
    const t0 = Date.now() - 5 * DAY;
    const events = ['espresso', 'latte', 'espresso', 'cappuccino', 'tea', 'espresso'].map((drink, i) => ({
      name: 'memory.store',
      arguments: {
        type: 'episode', content: `Grace ordered a ${drink} at the cafe, order ${i}`, temporal_valid_from: new Date(t0 + i * 3_600_000).toISOString(),
        metadata: { event_type: 'order', entities: ['user:grace'], category: drink },
      },
    }));
    const results = await callToolsOverStdio(env, [...events, { name: 'remember', arguments: { content: 'The cafe opens at seven.' } }], 'cli-lifecycle-e2e');
    for (const r of results) expect(r.isError).toBeFalsy();
  });
  afterAll(() => home.remove());

  it('sweep run consolidate: a dry run plans, the real run compresses through the gate, a second run does nothing', async () => {
    const dry = await runCliJson(['sweep', 'run', 'consolidate', '--dry-run'], env);
    expect(dry).toMatchObject({ sweep: 'consolidate', dryRun: true, status: 'completed', counts: { would_compress: 1, would_archive: 6 } });
    expect(dry.planned[0].content).toContain('grace order [count: 6, distinct: 4');

    const human = await runCli(['sweep', 'run', 'consolidate'], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/sweep consolidate completed in \d+ ms/);
    expect(human.stdout).toContain('compress_committed: 1');
    expect(human.stdout).toContain('archive_committed: 6');
    expect(human.stdout).toMatch(/recordRatio: 0\.83/);

    const again = await runCliJson(['sweep', 'run', 'consolidate'], env);
    expect(again.counts.compress_committed).toBeUndefined();
    const search = await runCliJson(['search', 'grace', 'espresso'], env);
    expect(search.results.map((r: { content: string }) => r.content).join('\n')).toContain('grace order [count: 6');
    expect(search.results.some((r: { content: string }) => r.content.startsWith('Grace ordered'))).toBe(false);
  });

  it('sweep run archive scans the active set (nothing has decayed yet) and bad sweeps are refused', async () => {
    const archive = await runCliJson(['sweep', 'run', 'archive'], env);
    expect(archive).toMatchObject({ sweep: 'archive', status: 'completed', counts: { scanned: 2 } });
    const bad = await runCli(['sweep', 'run', 'defragment'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown sweep "defragment"/);
    const reembed = await runCli(['sweep', 'run', 'reembed'], env);
    expect(reembed.code).toBe(6); // no model in this home: the model load fails before a run is claimed (config exit code)
    expect(reembed.stderr).toMatch(/model/i);
  });

  it('stats prints seed 003 8.2 numbers as tables and as JSON', async () => {
    const json = await runCliJson(['stats'], env);
    expect(json.memories.byStatus).toMatchObject({ active: 2, archived: 6 });
    expect(json.memories.consolidation).toMatchObject({ compressedMemories: 1, sources: 6 });
    expect(json.memories.ageBuckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(2);
    expect(json.memories.effectiveConfidence).toHaveLength(11);
    expect(json.sweeps.latest.map((r: { sweep: string }) => r.sweep).sort()).toEqual(['archive', 'consolidate']);
    // The decision engine's numbers (no implicit events were sent here: explicit stores bypass it).
    expect(json.learning.decisions).toMatchObject({ received: 0, stored: 0, storageRatio: null });
    expect(json.learning.weights.drift).toBe(0);
    const human = await runCli(['stats'], env);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('age buckets');
    expect(human.stdout).toContain('effective confidence');
    expect(human.stdout).toMatch(/consolidation: 1 compressed memories from 6 originals, record ratio 83\.3%/);
    expect(human.stdout).toMatch(/consolidate\s+completed/);
    expect(human.stdout).toMatch(/events received 0, stored 0 \(compressed 0\), skipped 0, storage ratio -/);
    expect(human.stdout).toMatch(/drift 0\.0000/);
    const status = await runCli(['status'], env);
    expect(status.stdout).toMatch(/sweeps\s+.*consolidate completed/);
  });
});
