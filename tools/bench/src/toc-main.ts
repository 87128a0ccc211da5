// Conversation TOC benchmark (issue 5; seed 002): (1) ingest N events and build the full TOC,
// (2) a month rebuild that crashes half-way and resumes from its checkpoint, (3) navigation query
// latency (root, browse, node, events range, grip expand, search) at a large log, on native
// Postgres (and embedded PGlite for phase 1 with --pglite). Extractive summariser, no model.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  createEventLog, createExtractiveSummariser, createTocService, tocConfig, type Summariser, type TocService,
} from '@engram/conversation';
import { createEmbeddedDatabase, createNativeDatabase, type BenchDatabase } from './databases.js';
import { since, summarize } from './stats.js';
import { conversationLog } from './toc-corpus.js';

const { values } = parseArgs({ options: {
  events: { type: 'string', default: '10000' }, 'nav-events': { type: 'string', default: '100000' },
  queries: { type: 'string', default: '200' }, pglite: { type: 'boolean', default: false },
} });
const EVENTS = Number(values.events);
const NAV_EVENTS = Number(values['nav-events']);
const QUERIES = Number(values.queries);
const log = (m: string) => process.stderr.write(`${m}\n`);
const config = tocConfig();
const extractive = createExtractiveSummariser({ bullets: config.bulletsPerNode, keywords: config.keywordsPerNode });
const service = (db: BenchDatabase, summariser: Summariser = extractive) => createTocService({ db: db.handle.db, summariser, config, embedder: null });

async function ingest(db: BenchDatabase, project: string, n: number, perDay: number, start: Date): Promise<number> {
  const eventLog = createEventLog(db.handle.db as never);
  const events = conversationLog(project, n, start, perDay);
  const t = performance.now();
  for (let i = 0; i < events.length; i += 1000) await eventLog.append(events.slice(i, i + 1000));
  return since(t);
}

async function buildAll(toc: TocService): Promise<{ ms: number; nodes: number }> {
  const t = performance.now();
  let nodes = 0;
  for (;;) {
    const r = await toc.processOutbox(1000);
    nodes += r.nodesWritten;
    if (r.outboxClaimed === 0) break;
  }
  return { ms: since(t), nodes };
}

/** Phase 1: ingest + full build. */
async function buildPhase(db: BenchDatabase): Promise<Record<string, number | string>> {
  const project = 'project:bench-build';
  const ingestMs = await ingest(db, project, EVENTS, 400, new Date('2026-01-01T08:00:00Z'));
  const toc = service(db);
  const build = await buildAll(toc);
  const s = await toc.status(project);
  return {
    backend: db.name, events: EVENTS, ingestMs: Math.round(ingestMs), ingestPerS: Math.round(EVENTS / (ingestMs / 1000)),
    buildMs: Math.round(build.ms), buildPerS: Math.round(EVENTS / (build.ms / 1000)), nodes: build.nodes, segments: s.nodes.segment, days: s.nodes.day,
  };
}

/** Phase 2: a forced rebuild of one month, crashed after half its units, then resumed. */
async function crashPhase(db: BenchDatabase): Promise<Record<string, number | boolean>> {
  const project = 'project:bench-month';
  await ingest(db, project, 6000, 200, new Date('2026-03-01T08:00:00Z'));
  const toc = service(db);
  await buildAll(toc);
  const t0 = performance.now();
  const full = await toc.rebuild(project);
  const fullMs = since(t0);
  const versionsBefore = (await toc.status(project)).versions;
  let calls = 0;
  const crashAt = Math.floor(full.units / 2);
  const crashing: Summariser = { ...extractive, rollup: async (i) => { if (++calls === crashAt) throw new Error('injected crash'); return extractive.rollup(i); } };
  const t1 = performance.now();
  await service(db, crashing).rebuild(project).then(() => { throw new Error('the crash was not injected'); }, (e: Error) => { if (e.message !== 'injected crash') throw e; });
  const crashedMs = since(t1);
  const mid = await toc.status(project);
  const t2 = performance.now();
  await toc.processOutbox(1000);
  const resumeMs = since(t2);
  const after = await toc.status(project);
  const current = Object.values(after.nodes).reduce((a, b) => a + b, 0);
  // Exactly one new version per current node: nothing lost, nothing written twice.
  const exact = after.versions - versionsBefore === current;
  return {
    units: full.units, fullRebuildMs: Math.round(fullMs), crashedAfterUnits: mid.checkpoint.run?.next ?? -1, crashedMs: Math.round(crashedMs),
    resumeMs: Math.round(resumeMs), savedMs: Math.round(fullMs - resumeMs), exactlyOnce: exact,
  };
}

type Probe = [name: string, run: (i: number) => Promise<unknown>];

/** Phase 3: navigation latency over a large log. */
async function navPhase(db: BenchDatabase): Promise<{ sizeEvents: number; buildMs: number; rows: [string, ReturnType<typeof summarize>][] }> {
  const project = 'project:bench-nav';
  log(`nav: ingesting ${NAV_EVENTS} events`);
  await ingest(db, project, NAV_EVENTS, 300, new Date('2025-06-01T08:00:00Z'));
  const toc = service(db);
  log('nav: building the TOC');
  const build = await buildAll(toc);
  await db.handle.db.executeQuery({ sql: 'ANALYZE', parameters: [], query: { kind: 'RawNode' } } as never).catch(() => undefined);
  const months = (await toc.browse(project, 'year:2025', { limit: 200 })).children.concat((await toc.browse(project, 'year:2026', { limit: 200 })).children);
  const days: string[] = [];
  for (const m of months) for (const w of (await toc.browse(project, m.nodeId, { limit: 200 })).children) for (const d of (await toc.browse(project, w.nodeId, { limit: 200 })).children) days.push(d.nodeId);
  const dayNodes = await Promise.all(days.slice(0, 50).map((d) => toc.node(project, d)));
  const grips = dayNodes.flatMap((d) => d.grips.map((g) => g.gripId));
  const segments = dayNodes.flatMap((d) => d.children.children.map((c) => c.nodeId));
  const pick = <T>(xs: readonly T[], i: number) => xs[(i * 7919) % xs.length] as T;
  const words = ['billing invoice', 'pgvector', 'flaky checkout', 'gateway cache', 'rollback canary', 'oauth token'];
  const probes: Probe[] = [
    ['toc.root', () => toc.root(project)],
    ['toc.browse (month → weeks)', (i) => toc.browse(project, pick(months, i).nodeId, { limit: 50 })],
    ['toc.browse (day → segments)', (i) => toc.browse(project, pick(days, i), { limit: 50 })],
    ['toc.node (day + grips)', (i) => toc.node(project, pick(days, i))],
    ['toc.node (segment)', (i) => toc.node(project, pick(segments, i))],
    ['events.range (1 h, 100)', (i) => { const d = new Date(`${pick(days, i).slice(4)}T12:00:00Z`); return toc.events(project, { from: d, to: new Date(d.getTime() + 3_600_000), limit: 100 }); }],
    ['grip.expand (±5)', (i) => toc.expandGrip(project, pick(grips, i), { before: 5, after: 5 })],
    ['toc.search (keyword)', (i) => toc.search(project, { text: pick(words, i), limit: 10 })],
  ];
  const rows: [string, ReturnType<typeof summarize>][] = [];
  const all: number[] = [];
  for (const [name, run] of probes) {
    for (let i = 0; i < 10; i++) await run(i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      await run(i);
      times.push(since(t));
    }
    all.push(...times);
    rows.push([name, summarize(times)]);
  }
  rows.push(['all navigation queries', summarize(all)]);
  return { sizeEvents: NAV_EVENTS, buildMs: Math.round(build.ms), rows };
}

async function main(): Promise<void> {
  log(`toc bench: ${EVENTS} events build, ${NAV_EVENTS} events navigation, ${QUERIES} queries per probe; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
  const out: string[] = ['## Conversation TOC (issue 5)', ''];
  const builds: Record<string, number | string>[] = [];
  for (const open of values.pglite ? [createNativeDatabase, createEmbeddedDatabase] : [createNativeDatabase]) {
    const db = await open();
    try {
      log(`build phase on ${db.name}`);
      builds.push(await buildPhase(db));
      if (db.name === 'postgres') {
        log('crash/resume phase');
        const c = await crashPhase(db);
        out.push(`Month rebuild crash + resume (native Postgres, 6000 events in March): ${c.units} units; full forced rebuild ${c.fullRebuildMs} ms; crashed after ${c.crashedAfterUnits} units (${c.crashedMs} ms); resume from the checkpoint ${c.resumeMs} ms (saved ${c.savedMs} ms vs. starting over); exactly one new version per node: ${c.exactlyOnce}.`, '');
      }
    } finally {
      await db.destroy();
    }
  }
  out.splice(2, 0, '| backend | events | ingest ms | ingest ev/s | build ms | build ev/s | nodes | days | segments |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...builds.map((b) => `| ${b.backend} | ${b.events} | ${b.ingestMs} | ${b.ingestPerS} | ${b.buildMs} | ${b.buildPerS} | ${b.nodes} | ${b.days} | ${b.segments} |`), '');
  const db = await createNativeDatabase();
  try {
    const nav = await navPhase(db);
    out.push(`Navigation at ${nav.sizeEvents} events (native Postgres; TOC built in ${nav.buildMs} ms), ${QUERIES} calls per query after 10 warm-up:`, '',
      '| query | p50 ms | p95 ms | p99 ms | max ms |', '| --- | --- | --- | --- | --- |',
      ...nav.rows.map(([name, s]) => `| ${name} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`), '');
  } finally {
    await db.destroy();
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
