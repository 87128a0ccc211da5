import {
  createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, GripNotFoundError, InvalidTocQueryError, TocNodeNotFoundError,
  tocConfig, type NewConversationEvent, type Summariser, type ConversationDb, type TocService,
} from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';
import { loadTestEmbedder } from '../../../tools/test/test-embedder.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const config = tocConfig();
const extractive = createExtractiveSummariser({ bullets: config.bulletsPerNode, keywords: config.keywordsPerNode });

function ev(project: string, id: string, at: string, text: string, over: Partial<NewConversationEvent> = {}): NewConversationEvent {
  return {
    eventId: id, project, agent: 'claude-code', sessionId: 's1', ts: new Date(at), kind: 'user_message', role: 'user',
    text, metadata: {}, tokens: estimateTextTokens(text), ...over,
  };
}

const A = 'project:acme';
const B = 'project:beta';

/** Two days of acme (three segments: a 30-minute gap splits the first day) and one day of beta. */
const acme = [
  ev(A, 'a1', '2026-11-23T09:00:00Z', 'We should migrate the billing service from MySQL to Postgres.'),
  ev(A, 'a2', '2026-11-23T09:02:00Z', 'Agreed, start with a pg_dump of the billing tables.', { kind: 'assistant_message', role: 'assistant' }),
  ev(A, 'a3', '2026-11-23T09:05:00Z', 'Dumped 42 billing tables in three seconds.', { kind: 'tool_result', role: 'tool' }),
  ev(A, 'a4', '2026-11-23T11:00:00Z', 'Now wire the pgvector extension into the search index.'),
  ev(A, 'a5', '2026-11-23T11:03:00Z', 'The pgvector index uses HNSW with cosine distance.', { kind: 'assistant_message', role: 'assistant' }),
  ev(A, 'a6', '2026-11-24T08:00:00Z', 'Review the flaky checkout tests from yesterday.'),
];
const beta = [ev(B, 'b1', '2026-11-23T10:00:00Z', 'Secret beta roadmap: launch the quokka feature.')];

describe.each(testBackends)('conversation TOC ($name)', (backend) => {
  let handle: DatabaseHandle;
  let toc: TocService;
  const db = (): ConversationDb => handle.db;
  const versions = async (project: string) => (await db().selectFrom('toc_nodes').select(['node_id', 'version'])
    .where('project', '=', project).orderBy('node_id').orderBy('version').execute()).map((r) => `${r.node_id}@${r.version}`);

  beforeAll(async () => {
    handle = await backend.open();
    toc = createTocService({ db: db(), summariser: extractive, config, embedder: null });
    await createEventLog(handle.db as never).append([...acme, ...beta]);
  });
  afterAll(async () => handle?.close());

  it('builds Year > Month > Week > Day > Segment from the outbox, per project', async () => {
    expect(await toc.hasBuildWork()).toBe(true);
    const report = await toc.processOutbox(100);
    expect(report).toMatchObject({ outboxClaimed: 7, projects: [A, B] });
    expect(await toc.hasBuildWork()).toBe(false);
    expect((await toc.root(A)).children.map((c) => c.nodeId)).toEqual(['year:2026']);
    expect((await toc.browse(A, 'year:2026', { limit: 10 })).children.map((c) => c.nodeId)).toEqual(['month:2026-11']);
    expect((await toc.browse(A, 'month:2026-11', { limit: 10 })).children.map((c) => c.nodeId)).toEqual(['week:2026-11-W48']);
    expect((await toc.browse(A, 'week:2026-11-W48', { limit: 10 })).children.map((c) => c.nodeId)).toEqual(['day:2026-11-23', 'day:2026-11-24']);
    const day = await toc.node(A, 'day:2026-11-23');
    expect(day.children.children).toHaveLength(2); // the 09:05 → 11:00 gap cuts a segment
    expect(day.node).toMatchObject({ level: 'day', version: 1, eventCount: 5, parentId: 'week:2026-11-W48' });
    expect(day.node.keywords).toEqual(expect.arrayContaining(['billing', 'pgvector']));
    expect(day.node.title).toMatch(/^Mon 23 Nov 2026: /);
    // Bullets link to grips (GRIP-02), which point at real events of this project.
    expect(day.grips.length).toBeGreaterThan(0);
    for (const g of day.grips) expect(acme.map((e) => e.eventId)).toContain(g.eventIdStart);
    expect(await toc.status(A)).toMatchObject({ events: 6, nodes: { year: 1, month: 1, week: 1, day: 2, segment: 3 }, pendingOutbox: 0, supersededVersions: 0 });
  });

  it('gives every level bullets and a title that never repeats its child\'s (issue 37)', async () => {
    // Beta is one event: year > month > week > day > segment, each level with an only child.
    const chain: { title: string; bullets: number }[] = [];
    let id: string | null = 'year:2026';
    while (id) {
      const n = await toc.node(B, id);
      chain.push({ title: n.node.title, bullets: n.node.bullets.length });
      id = n.children.children[0]?.nodeId ?? null;
    }
    expect(chain).toHaveLength(5);
    const about = (t: string) => t.replace(/^(?:[A-Z][a-z]{2} \d{1,2} )?(?:Week \d+, )?(?:[A-Z][a-z]{2} )?\d{4}: /, '');
    for (const [i, parent] of chain.slice(0, -1).entries()) {
      const child = chain[i + 1] as (typeof chain)[number];
      expect(parent.bullets).toBeGreaterThan(0);
      expect(parent.title).not.toContain(child.title);
      expect(about(parent.title)).not.toMatch(/^(?:[A-Z][a-z]{2} \d{1,2} |Week \d+, |[A-Z][a-z]{2} \d{4}:)/);
    }
  });

  it('pages children with a keyset cursor and refuses a forged one', async () => {
    const first = await toc.browse(A, 'week:2026-11-W48', { limit: 1 });
    expect(first.children.map((c) => c.nodeId)).toEqual(['day:2026-11-23']);
    const second = await toc.browse(A, 'week:2026-11-W48', { limit: 1, cursor: first.nextCursor ?? '' });
    expect(second).toMatchObject({ children: [{ nodeId: 'day:2026-11-24' }], nextCursor: null });
    await expect(toc.browse(A, 'week:2026-11-W48', { limit: 1, cursor: 'nonsense' })).rejects.toBeInstanceOf(InvalidTocQueryError);
    await expect(toc.browse(A, 'decade:2020', { limit: 1 })).rejects.toBeInstanceOf(InvalidTocQueryError);
  });

  it('expands a grip into the events around it', async () => {
    const seg = (await toc.browse(A, 'day:2026-11-23', { limit: 10 })).children[0];
    const { grips } = await toc.node(A, seg?.nodeId ?? '');
    const grip = grips.find((g) => g.eventIdStart === 'a2') ?? grips[0];
    const out = await toc.expandGrip(A, grip?.gripId ?? '', { before: 1, after: 1 });
    const at = acme.findIndex((e) => e.eventId === grip?.eventIdStart);
    expect(out.events.map((e) => e.eventId)).toEqual(acme.slice(Math.max(0, at - 1), at + 2).map((e) => e.eventId));
  });

  it('never mixes projects: another project\'s nodes, grips and words are not found', async () => {
    const betaDay = await toc.node(B, 'day:2026-11-23');
    expect(betaDay.node.eventCount).toBe(1);
    const betaGrip = betaDay.grips[0]?.gripId ?? '';
    await expect(toc.expandGrip(A, betaGrip, { before: 1, after: 1 })).rejects.toBeInstanceOf(GripNotFoundError);
    await expect(toc.node(A, (await toc.browse(B, 'day:2026-11-23', { limit: 1 })).children[0]?.nodeId ?? '')).rejects.toBeInstanceOf(TocNodeNotFoundError);
    expect((await toc.search(A, { text: 'quokka roadmap', limit: 10 })).hits).toEqual([]);
    expect((await toc.search(B, { text: 'quokka roadmap', limit: 10 })).hits.length).toBeGreaterThan(0);
    expect((await toc.events(A, { limit: 100 })).events.every((e) => e.project === A)).toBe(true);
  });

  it('searches nodes and grips by keyword without a model', async () => {
    const { hits, mode } = await toc.search(A, { text: 'pgvector HNSW', limit: 5 });
    expect(mode).toBe('keyword');
    expect(hits.some((h) => h.kind === 'grip' && /HNSW/.test(h.text))).toBe(true);
    expect(hits.some((h) => h.kind === 'node')).toBe(true);
    await expect(toc.search(A, { text: 'x', limit: 5, mode: 'vector' })).rejects.toBeInstanceOf(InvalidTocQueryError);
  });

  it('appends versions when a day changes (never rewriting one) and leaves untouched days alone', async () => {
    const before = await versions(A);
    await createEventLog(handle.db as never).append([ev(A, 'a7', '2026-11-24T08:10:00Z', 'The checkout tests fail on a race in the cart mock.')]);
    await toc.processOutbox(100);
    const after = await versions(A);
    const added = after.filter((v) => !before.includes(v));
    expect(added.filter((v) => !v.startsWith('segment:')).sort()).toEqual(['day:2026-11-24@2', 'month:2026-11@2', 'week:2026-11-W48@2', 'year:2026@2']);
    expect(added.filter((v) => v.startsWith('segment:'))).toEqual([expect.stringMatching(/^segment:2026-11-24T08:00:00\.000Z~[0-9a-f]+@2$/)]);
    expect((await toc.node(A, 'day:2026-11-24', { version: 1 })).node.eventCount).toBe(1);
    expect((await toc.node(A, 'day:2026-11-24')).node).toMatchObject({ version: 2, eventCount: 2 });
    expect(after).toContain('day:2026-11-23@1'); // no second version of an unchanged day
    expect(after).not.toContain('day:2026-11-23@2');
  });

  it('re-segments a day when an out-of-order event fills a gap: the tree is as if the log had arrived in order', async () => {
    const C = 'project:gamma';
    const log = createEventLog(handle.db as never);
    await log.append([ev(C, 'c1', '2026-11-25T10:00:00Z', 'Start the cache warmup job.'), ev(C, 'c3', '2026-11-25T11:00:00Z', 'Warmup job finished.')]);
    await toc.processOutbox(100);
    const before = (await toc.browse(C, 'day:2026-11-25', { limit: 10 })).children.map((c) => c.nodeId);
    expect(before).toHaveLength(2); // a 60-minute gap
    await log.append([ev(C, 'c2', '2026-11-25T10:30:00Z', 'Warmup job is halfway.')]); // arrives late, fills the gap
    await toc.processOutbox(100);
    const after = (await toc.browse(C, 'day:2026-11-25', { limit: 10 })).children;
    expect(after.map((c) => c.nodeId)).toEqual([before[0]]);
    expect(after[0]).toMatchObject({ eventCount: 3, version: 2 });
    // The merged-away segment is no longer current, but its version stays readable until compacted.
    await expect(toc.node(C, before[1] ?? '')).rejects.toBeInstanceOf(TocNodeNotFoundError);
    expect((await toc.node(C, before[1] ?? '', { version: 1 })).node.eventCount).toBe(1);
    expect((await toc.node(C, 'day:2026-11-25')).node).toMatchObject({ eventCount: 3, childIds: [before[0]] });
  });

  it('places backfilled events at their source time', async () => {
    await createEventLog(handle.db as never).append([ev(A, 'old1', '2025-03-14T15:00:00Z', 'Imported note about the original MySQL schema.', { kind: 'note', role: 'system' })]);
    await toc.processOutbox(100);
    expect((await toc.root(A)).children.map((c) => c.nodeId)).toEqual(['year:2025', 'year:2026']);
    expect((await toc.browse(A, 'week:2025-03-W11', { limit: 5 })).children.map((c) => c.nodeId)).toEqual(['day:2025-03-14']);
  });

  it('renders the memory context byte-identically while nothing changes, within the budget', async () => {
    const one = await toc.memoryContext(A, { maxTokens: 2000 });
    await toc.processOutbox(100); // nothing new
    const two = await toc.memoryContext(A, { maxTokens: 2000 });
    expect(two.text).toBe(one.text);
    expect(one.text).toMatch(/^# Memory context: project:acme\n/);
    expect(one.text).toContain('checkout tests');
    expect(one.text).not.toContain('quokka');
    const small = await toc.memoryContext(A, { maxTokens: 150 });
    expect(small.tokens).toBeLessThanOrEqual(150);
    expect(small.omitted).toBeGreaterThan(0);
  });

  it('resumes a crashed rebuild from its checkpoint: nothing lost, nothing written twice', async () => {
    const before = await versions(A);
    const latestBefore = new Map<string, number>();
    for (const v of before) {
      const [id, n] = v.split('@') as [string, string];
      latestBefore.set(id, Math.max(latestBefore.get(id) ?? 0, Number(n)));
    }
    const current = (await db().selectFrom('toc_latest').select('node_id').where('project', '=', A).execute()).map((r) => r.node_id);
    // A summariser that dies on its 4th rollup: the run stops part-way, mid-rollup.
    let rollups = 0;
    const crashing: Summariser = { ...extractive, rollup: async (i) => { if (++rollups === 4) throw new Error('injected crash'); return extractive.rollup(i); } };
    const crashed = createTocService({ db: db(), summariser: crashing, config, embedder: null });
    await expect(crashed.rebuild(A)).rejects.toThrow('injected crash');
    const mid = await toc.status(A);
    expect(mid.checkpoint.run).toMatchObject({ force: true });
    const done = mid.checkpoint.run?.next ?? 0;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(mid.checkpoint.run?.units.length ?? 0);
    // A healthy worker picks the run up where it stopped.
    await toc.processOutbox(100);
    const after = await versions(A);
    for (const id of current) {
      // Every current node got exactly one new version: none skipped, none duplicated.
      expect(after.filter((v) => v.startsWith(`${id}@`)).map((v) => Number(v.split('@')[1])).sort((x, y) => x - y).at(-1)).toBe((latestBefore.get(id) ?? 0) + 1);
      expect(after).not.toContain(`${id}@${(latestBefore.get(id) ?? 0) + 2}`);
    }
    const status = await toc.status(A);
    expect(status.checkpoint.run).toBeNull();
    expect(status.checkpoint.last?.units).toBe(mid.checkpoint.run?.units.length);
  });

  it('compacts superseded versions and keeps every current one', async () => {
    const status = await toc.status(A);
    expect(status.supersededVersions).toBeGreaterThan(0);
    expect(await toc.compact(A, { olderThanDays: 30 })).toEqual({ deleted: 0 }); // all younger than 30 days
    const { deleted } = await toc.compact(A, { olderThanDays: 0 });
    expect(deleted).toBe(status.supersededVersions);
    const after = await toc.status(A);
    expect(after).toMatchObject({ supersededVersions: 0, nodes: status.nodes });
    expect((await toc.node(A, 'day:2026-11-23')).node.version).toBe(2);
  });
});

describe.each(testBackends)('conversation TOC vector search with the real model ($name)', (backend) => {
  let handle: DatabaseHandle;
  let embedder: Awaited<ReturnType<typeof loadTestEmbedder>>;

  beforeAll(async () => {
    handle = await backend.open();
    embedder = await loadTestEmbedder();
  });
  afterAll(async () => {
    await embedder?.close();
    await handle?.close();
  });

  it('fills missing vectors later and finds nodes and grips by meaning (hybrid)', async () => {
    const db: ConversationDb = handle.db;
    await createEventLog(handle.db as never).append(acme);
    // Built without a model (as the CLI does): keyword-searchable, no vectors yet.
    await createTocService({ db, summariser: extractive, config, embedder: null }).processOutbox(100);
    const missing = async () => Number((await db.selectFrom('toc_nodes').select((eb) => eb.fn.countAll<string>().as('n')).where('embedding', 'is', null).executeTakeFirstOrThrow()).n);
    expect(await missing()).toBeGreaterThan(0);
    const toc = createTocService({ db, summariser: extractive, config, embedder });
    await toc.processOutbox(100); // nothing new: only the vector backfill
    expect(await missing()).toBe(0);
    const vector = await toc.search(A, { text: 'approximate nearest neighbour index for embeddings', limit: 3, mode: 'vector' });
    expect(vector.hits[0]?.matchedBy).toEqual(['vector']);
    expect(vector.hits.some((h) => /pgvector|HNSW/i.test(h.text))).toBe(true);
    expect(await toc.embedPendingEvents(100)).toMatchObject({ more: false }); // the servers' embed-conversation-events job
    const hybrid = await toc.search(A, { text: 'billing tables dump', limit: 5 });
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.hits[0]?.matchedBy.sort()).toEqual(['keyword', 'vector']);
  });
});
