// `npm run bench:inspector [-- --size N] [--requests N] [--pglite]`: p95 render time of each inspector
// page (HTTP round trip to the built app on loopback: server work + transfer) over N gate-written
// memories (the main benchmark's corpus), on native Postgres (default) or embedded PGlite.
// The model is not loaded (vectors would take longer to compute than the benchmark may run), so
// the search page is measured in keyword mode through the validated retrieval pipeline.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PROJECTS } from './corpus.js';
import { createEmbeddedDatabase, createNativeDatabase, type BenchDatabase } from './databases.js';
import { progress, since, summarize } from './stats.js';
import { benchGate, keepStatistics, writeRange } from './write-phase.js';

const root = process.cwd();

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function startInspector(db: BenchDatabase): Promise<{ base: string; child: ChildProcessWithoutNullStreams }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  if (db.url) env.DATABASE_URL = db.url;
  // The embedded database is owned by this process (socket); the inspector connects to it.
  if (db.home) env.ENGRAM_HOME = db.home;
  const child = spawn(process.execPath, [join(root, 'dist/apps/inspector/main.js'), '--port', '0', '--model-dir', '/nonexistent'], { env });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) resolve({ base: m[1] as string, child });
    });
    child.on('exit', (code) => reject(new Error(`inspector exited ${code}: ${err}`)));
  });
}

async function time(url: string, count: number): Promise<ReturnType<typeof summarize>> {
  const latencies: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.text();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    if (i >= 3) latencies.push(since(t));
  }
  return summarize(latencies);
}

async function pages(db: BenchDatabase): Promise<Array<[string, string]>> {
  const ids = (await sql<{ id: string }>`SELECT id FROM memories ORDER BY random() LIMIT 1`.execute(db.handle.db)).rows;
  const project = PROJECTS[0] as string;
  return [
    ['Memories (list, first page)', '/memories'],
    ['Memories (list, filtered by type)', '/memories?type=decision'],
    ['Memories (search, keyword, pipeline)', `/memories?q=${encodeURIComponent('postgres connection pool')}&mode=keyword&scope=${encodeURIComponent(project)}`],
    ['Memory (versions, graph, audit)', `/memories/${ids[0]?.id}`],
    ['Gate queue', '/gate'],
    ['Gate audit log', '/gate/audit'],
    ['Work', '/work'],
    ['Conversations', `/conversations?project=${encodeURIComponent(project)}`],
    ['Health and lifecycle', '/health'],
  ];
}

async function main(): Promise<void> {
  const size = argValue('--size', 10_000);
  const requests = argValue('--requests', 30);
  const db = await (process.argv.includes('--pglite') ? createEmbeddedDatabase() : createNativeDatabase());
  let child: ChildProcessWithoutNullStreams | undefined;
  try {
    progress(`${db.name}: writing ${size} memories through the gate`);
    const written = await writeRange(benchGate(db.handle), 42, 0, size, 8, 10_000, keepStatistics(db.handle));
    await sql`ANALYZE`.execute(db.handle.db);
    const server = await startInspector(db);
    child = server.child;
    const rows: string[] = [];
    for (const [name, path] of await pages(db)) {
      const s = await time(`${server.base}${path}`, requests);
      progress(`  ${name}: p50 ${s.p50} ms, p95 ${s.p95} ms`);
      rows.push(`| ${name} | \`${path.replace(/[0-9a-f-]{36}/, ':id').slice(0, 60)}\` | ${s.p50} | ${s.p95} | ${s.max} |`);
    }
    const health = await (await fetch(`${server.base}/health`)).text();
    const took = /id="stats-took">(\d+)</.exec(health)?.[1] ?? '?';
    rows.push(`| (lifecycle snapshot behind Health, refreshed in the background at most once a minute) | — | ${took} (one collection) | | |`);
    const [l1, l5] = loadavg();
    console.log(`### ${db.name}, ${size} memories (${written.perSecond} writes/s to fill), ${requests} requests per page, load average ${l1?.toFixed(1)}/${l5?.toFixed(1)}\n`);
    console.log('| page | path | p50 ms | p95 ms | max ms |\n| --- | --- | --- | --- | --- |');
    console.log(rows.join('\n'));
  } finally {
    child?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await db.destroy();
  }
}

await main();
