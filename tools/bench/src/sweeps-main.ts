// `npm run bench:sweeps [-- --size N] [--queries N] [--aged 0.3] [--pause-ms 20] [--batch 200]`:
// lifecycle sweep time at N memories on native Postgres, and search latency while a sweep runs
// (issue 6). Corpus memories go through the gate as in the main benchmark; a share of them is
// written with a clock 120 days back so the archive sweep has real work, plus repetitive events
// for consolidation. Search p95 is measured alone, then while each sweep runs in the same process
// (as the server runs them). Progress on stderr; markdown on stdout.
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createLifecycleSweeps, type SweepReport } from '@engram/agents';
import { createGate } from '@engram/librarian';
import { extractEntities, type SweepName } from '@engram/lifecycle';
import { createTypeRegistry } from '@engram/memory';
import { createSearchService } from '@engram/retrieval';
import { queries } from './corpus.js';
import { createNativeDatabase, type BenchDatabase } from './databases.js';
import { progress, runPool, since, summarize } from './stats.js';
import { writeRange } from './write-phase.js';

const DAY = 86_400_000;
type Latency = ReturnType<typeof summarize>;

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const registry = createTypeRegistry();
const halfLifeDays = (t: string) => (registry.has(t) ? registry.get(t).halfLifeDays : 138);
const bulkGate = (db: BenchDatabase, clock: () => Date) =>
  createGate({ db: db.handle.db, registry, clock, limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } } });

/** Six purchase events per user within a day (each user starting at another time): each user is one consolidation group. */
async function writeEvents(db: BenchDatabase, users: number): Promise<void> {
  const gate = bulkGate(db, () => new Date());
  const t0 = Date.now() - 3 * DAY;
  await runPool(0, users * 6, 8, async (i) => {
    const user = Math.floor(i / 6);
    const item = ['keyboard', 'mouse', 'monitor', 'cable'][i % 4] as string;
    const out = await gate.submit({
      op: 'create', type: 'episode', scope: `project:shop-${user % 12}`, content: `Customer ${user} bought a ${item} (order ${i})`,
      validFrom: new Date(t0 + user * 997_000 + (i % 6) * 3_600_000), metadata: { event_type: 'purchase', entities: [`user:customer-${user}`], category: item },
    }, { id: 'bench-events', kind: 'tool' });
    if (out.status !== 'committed') throw new Error(`event ${i}: ${out.status} ${out.reason}`);
  });
}

/** Runs keyword searches back to back until `until` resolves (at least `min` of them); returns their latencies. */
async function searchWhile(db: BenchDatabase, until: Promise<unknown> | null, min: number, seed: number): Promise<Latency> {
  const search = createSearchService({ db: db.handle.db, embedder: null });
  const qs = queries(seed, 1000);
  const latencies: number[] = [];
  let done = until === null;
  void until?.finally(() => (done = true));
  for (let i = 0; !done || latencies.length < min; i++) {
    const q = qs[i % qs.length] as (typeof qs)[number];
    const t = performance.now();
    await search.search({ text: q.text, scopes: q.scopes, mode: 'keyword', topK: 10 });
    latencies.push(since(t));
    if (until === null && latencies.length >= min) break;
  }
  return summarize(latencies);
}

interface SweepRow { sweep: SweepName; report: SweepReport; before: Latency; during: Latency; after: Latency }

async function main(): Promise<void> {
  const size = argValue('--size', 20_000);
  const count = argValue('--queries', 500);
  const aged = argValue('--aged', 0.3);
  const pauseMs = argValue('--pause-ms', 20);
  const batchSize = argValue('--batch', 200);
  const seed = 42;
  const db = await createNativeDatabase();
  try {
    const oldCut = Math.round(size * aged);
    progress(`writing ${oldCut} memories dated 120 days back and ${size - oldCut} current ones through the gate`);
    await writeRange(bulkGate(db, () => new Date(Date.now() - 120 * DAY)), seed, 0, oldCut, 8);
    await writeRange(bulkGate(db, () => new Date()), seed, oldCut, size, 8);
    const users = Math.max(1, Math.round(size / 100));
    progress(`writing ${users * 6} purchase events (${users} users x 6)`);
    await writeEvents(db, users);
    await sql`ANALYZE memories`.execute(db.handle.db);
    const total = size + users * 6;

    // A long warm-up: the first searches after a bulk load pay for cold caches, which is not what a sweep competes with.
    progress(`search alone (warm-up ${count})`);
    await searchWhile(db, null, count, seed);

    const sweeps = createLifecycleSweeps({
      gate: createGate({ db: db.handle.db, registry, limits: { rate: { capacity: 200, refillPerSecond: 200 } } }),
      db: db.handle.db, halfLifeDays, extractEntities, options: { pauseMs, batchSize },
    });
    const rows: SweepRow[] = [];
    for (const sweep of ['archive', 'consolidate'] as const) {
      // Alone right before and right after, so the machine's background load is sampled around the sweep too.
      const before = await searchWhile(db, null, count, seed + 1);
      progress(`sweep ${sweep} with searches running alongside (alone before: p95 ${before.p95} ms)`);
      const running = sweeps.run(sweep, { trigger: 'bench' });
      const during = await searchWhile(db, running, 20, seed + 2);
      const report = await running;
      const after = await searchWhile(db, null, count, seed + 3);
      progress(`  ${sweep}: ${report.durationMs} ms, ${JSON.stringify(report.counts)}; search p95 during ${during.p95} ms (${during.n} searches), after ${after.p95} ms`);
      rows.push({ sweep, report, before, during, after });
    }
    const fmt = (l: Latency) => `${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${l.n}`;
    const lines = [
      `native Postgres, ${total} memories (${size} corpus, ${oldCut} of them dated 120 days back, ${users * 6} purchase events), batch ${batchSize}, pause ${pauseMs} ms, sweeper gate 200 writes/s, load average ${loadavg()[0]?.toFixed(1)}`,
      '', '| sweep | took s | scanned/candidates | archived | compressed | memories/s |', '|---|---|---|---|---|---|',
      ...rows.map(({ sweep, report }) => {
        const c = report.counts;
        const seen = sweep === 'archive' ? (c['scanned'] ?? 0) : (c['candidates'] ?? 0);
        return `| ${sweep} | ${(report.durationMs / 1000).toFixed(1)} | ${seen} | ${c['archive_committed'] ?? 0} | ${c['compress_committed'] ?? 0} | ${Math.round(seen / (report.durationMs / 1000))} |`;
      }),
      '', '| keyword search (topK 10) | p50 ms | p95 ms | p99 ms | max ms | searches |', '|---|---|---|---|---|---|',
      ...rows.flatMap(({ sweep, before, during, after }) => [
        `| alone, before ${sweep} | ${fmt(before)} |`, `| **while ${sweep} runs** | ${fmt(during)} |`, `| alone, after ${sweep} | ${fmt(after)} |`,
      ]),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
  }
}

await main();
