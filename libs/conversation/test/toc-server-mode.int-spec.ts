import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import {
  createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, segmentEvents, tocConfig, type NewConversationEvent,
} from '@engram/conversation';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';

/*
 * Server mode (native Postgres, the service's own login role): the TOC is built with the service
 * role's grants, which allow no UPDATE of a node version's content (TOC-06 in the database
 * itself), and two builders working the same outbox at once write every node version once.
 */
const config = tocConfig();
const summariser = createExtractiveSummariser({ bullets: config.bulletsPerNode, keywords: config.keywordsPerNode });
const P = 'project:server';

function day(n: number, count: number): NewConversationEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const text = `Day ${n} turn ${i}: ${i % 2 ? 'the retry queue drops jobs' : 'tune the backoff of the worker pool'} (${n * 100 + i}).`;
    // Three sessions a day (gaps > 30 min), a turn a minute.
    const ts = new Date(Date.UTC(2026, 3, n, 8 + Math.floor(i / 10) * 2, i % 10));
    return { eventId: `d${n}-${i}`, project: P, agent: 'claude-code', sessionId: `s${n}`, ts, kind: i % 2 ? 'assistant_message' : 'user_message',
      role: i % 2 ? 'assistant' : 'user', text, metadata: {}, tokens: estimateTextTokens(text) } as NewConversationEvent;
  });
}

describe('conversation TOC in server mode (postgres, service role)', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  const services: DatabaseHandle[] = [];

  beforeAll(async () => {
    db = await openServiceRoleDatabase('toc');
    owner = db.owner;
    services.push(db.service, await db.openService(3));
  });
  afterAll(async () => db?.close());

  it('two builders on one outbox never commit the same build twice and end with the expected tree', async () => {
    const events = [...day(6, 30), ...day(7, 30), ...day(8, 30), ...day(20, 30)];
    await createEventLog(services[0]!.db as never).append(events);
    const [a, b] = services.map((s) => createTocService({ db: s.db, summariser, config, embedder: null }));
    // Small batches so both claim part of the outbox and both work the same project's runs.
    const drain = async (toc: NonNullable<typeof a>) => { for (;;) if ((await toc.processOutbox(7)).outboxClaimed === 0) return; };
    await Promise.all([drain(a!), drain(b!)]);
    await a!.processOutbox(100); // finish whatever run the other left for us
    // Batches of 7 build days while they fill up, so a node may have several versions; but a unit
    // written twice (two workers committing the same work) would repeat a source hash.
    const rows = (await sql<{ node_id: string; source_hash: string }>`SELECT node_id, source_hash FROM toc_nodes`.execute(owner.db)).rows;
    const builds = rows.map((r) => `${r.node_id} ${r.source_hash}`);
    expect(new Set(builds).size).toBe(builds.length);
    const ids = (await sql<{ node_id: string }>`SELECT node_id FROM toc_latest`.execute(owner.db)).rows.map((r) => r.node_id);
    const expectedSegments = segmentEvents(events.map((e, i) => ({ ...e, seq: i })), config).map((s) => s.nodeId).sort();
    expect(ids.filter((i) => i.startsWith('segment:')).sort()).toEqual(expectedSegments);
    expect(ids.filter((i) => !i.startsWith('segment:')).sort()).toEqual([
      'day:2026-04-06', 'day:2026-04-07', 'day:2026-04-08', 'day:2026-04-20', 'month:2026-04', 'week:2026-04-W15', 'week:2026-04-W17', 'year:2026',
    ]);
    expect((await a!.node(P, 'month:2026-04')).node.eventCount).toBe(120);
    expect(await a!.status(P)).toMatchObject({ pendingOutbox: 0, checkpoint: { run: null, dirty: [] } });
  });

  it('rebuilds and compacts with the service role', async () => {
    const toc = createTocService({ db: services[0]!.db, summariser, config, embedder: null });
    const r = await toc.rebuild(P);
    expect(r).toMatchObject({ days: 4, written: 20 }); // 12 segments, 4 days, 2 weeks, a month, a year
    const { supersededVersions } = await toc.status(P);
    expect(supersededVersions).toBeGreaterThanOrEqual(20);
    expect(await toc.compact(P, { olderThanDays: 0 })).toEqual({ deleted: supersededVersions });
    expect(await toc.status(P)).toMatchObject({ versions: 20, supersededVersions: 0 });
  });

  it.each([
    ['UPDATE toc_nodes content', sql`UPDATE toc_nodes SET title = 'rewritten'`],
    ['UPDATE toc_grips content', sql`UPDATE toc_grips SET excerpt = 'rewritten'`],
    ['UPDATE conversation_events', sql`UPDATE conversation_events SET text = 'rewritten'`],
  ])('denies %s to the service role', async (_label, statement) => {
    await expect(statement.execute(services[0]!.db)).rejects.toThrow(/permission denied/);
  });

  it('lets the service role store and drop event vectors, but never rewrite one', async () => {
    const svc = services[0]!.db;
    const [e] = day(28, 1).map((x) => ({ ...x, eventId: 'vec-1' }));
    await createEventLog(svc as never).append([e as NewConversationEvent]);
    const v = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;
    await sql`INSERT INTO conversation_event_vectors (event_id, project, embedding) VALUES ('vec-1', ${P}, ${v}::vector)`.execute(svc);
    await expect(sql`UPDATE conversation_event_vectors SET project = 'x' WHERE event_id = 'vec-1'`.execute(svc)).rejects.toThrow(/permission denied/);
    await sql`DELETE FROM conversation_event_vectors WHERE event_id = 'vec-1'`.execute(svc);
  });

  it('lets the service role fill only the derived vector column', async () => {
    await expect(sql`UPDATE toc_nodes SET embedding = NULL WHERE false`.execute(services[0]!.db)).resolves.toBeDefined();
  });
});
