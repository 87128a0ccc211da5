import { createEventLog, estimateTextTokens, EventNotFoundError, InvalidCursorError, type EventLog, type NewConversationEvent } from '@engram/conversation';
import { InvalidEventError } from '@engram/memory';
import { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

function ev(id: string, minute: number, over: Partial<NewConversationEvent> = {}): NewConversationEvent {
  const text = over.text ?? `text of ${id}`;
  return {
    eventId: id, project: 'project:acme', agent: 'claude-code', sessionId: 's1', ts: new Date(T0 + minute * 60_000),
    kind: 'user_message', role: 'user', text, metadata: { n: minute }, tokens: estimateTextTokens(text), ...over,
  };
}

describe.each(testBackends)('conversation event log ($name)', (backend) => {
  let handle: DatabaseHandle;
  let log: EventLog;

  beforeAll(async () => {
    handle = await backend.open();
    log = createEventLog(handle.db);
  });
  afterAll(async () => handle?.close());

  async function outboxRows(): Promise<Array<{ event_id: string; project: string }>> {
    return handle.db.selectFrom('conversation_outbox').select(['event_id', 'project']).orderBy('id').execute();
  }

  it('appends new events with one outbox row each and counts duplicates without changing them', async () => {
    const first = await log.append([ev('a1', 0), ev('a2', 1, { kind: 'assistant_message', role: 'assistant' })]);
    expect(first).toMatchObject({ inserted: 2, duplicates: 0, insertedIds: ['a1', 'a2'] });
    // Redelivery with different content: counted as a duplicate, the stored event stays as first written.
    const again = await log.append([ev('a1', 0, { text: 'changed' }), ev('a3', 2), ev('a3', 2)]);
    expect(again).toMatchObject({ inserted: 1, duplicates: 2, insertedIds: ['a3'] });
    const { events } = await log.range({ project: 'project:acme', limit: 10 });
    expect(events.map((e) => e.eventId)).toEqual(['a1', 'a2', 'a3']);
    expect(events[0]).toMatchObject({ text: 'text of a1', metadata: { n: 0 }, agent: 'claude-code', sessionId: 's1' });
    expect(typeof events[0]!.seq).toBe('number');
    expect((await outboxRows()).map((r) => r.event_id)).toEqual(['a1', 'a2', 'a3']);
  });

  it('orders by source time whatever the arrival order, ingestion order breaking ties', async () => {
    await log.append([ev('o3', 30, { project: 'project:order' }), ev('o1', 10, { project: 'project:order' })]);
    await log.append([ev('o2', 20, { project: 'project:order' }), ev('o2b', 20, { project: 'project:order' })]);
    const { events } = await log.range({ project: 'project:order', limit: 10 });
    expect(events.map((e) => e.eventId)).toEqual(['o1', 'o2', 'o2b', 'o3']);
    expect(events.map((e) => e.ts.toISOString())).toEqual([10, 20, 20, 30].map((m) => new Date(T0 + m * 60_000).toISOString()));
  });

  it('pages a time range with a keyset cursor and keeps projects apart', async () => {
    const project = 'project:paged';
    await log.append(Array.from({ length: 25 }, (_, i) => ev(`p${i}`, i, { project })));
    await log.append([ev('other', 5, { project: 'project:other' })]);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await log.range({ project, from: new Date(T0 + 3 * 60_000), to: new Date(T0 + 20 * 60_000), limit: 7, ...(cursor ? { cursor } : {}) });
      seen.push(...page.events.map((e) => e.eventId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 17 }, (_, i) => `p${i + 3}`));
    await expect(log.range({ project, limit: 5, cursor: 'garbage' })).rejects.toBeInstanceOf(InvalidCursorError);
    expect(await log.count('project:other')).toBe(1);
  });

  it('returns the neighbours around an event within its project', async () => {
    const around = await log.around('p10', { before: 2, after: 3 });
    expect(around.map((e) => e.eventId)).toEqual(['p8', 'p9', 'p10', 'p11', 'p12', 'p13']);
    expect((await log.around('p0', { before: 5, after: 0 })).map((e) => e.eventId)).toEqual(['p0']);
    await expect(log.around('missing', { before: 1, after: 1 })).rejects.toBeInstanceOf(EventNotFoundError);
  });

  it('refuses a batch with one bad event and writes nothing of it', async () => {
    const before = await log.count('project:acme');
    const outboxBefore = (await outboxRows()).length;
    const bad = [
      [ev('ok-1', 50), ev('', 51)],
      [ev('ok-2', 50), { ...ev('bad-kind', 51), kind: 'shout' as never }],
      [ev('ok-3', 50), { ...ev('bad-ts', 51), ts: new Date('nope') }],
      [ev('ok-4', 50), ev('bad-scope', 51, { project: 'acme' })],
    ];
    for (const batch of bad) await expect(log.append(batch)).rejects.toBeInstanceOf(InvalidEventError);
    expect(await log.count('project:acme')).toBe(before);
    expect((await outboxRows()).length).toBe(outboxBefore);
  });

  it('is append-only under concurrent redelivery: each id stored once, one outbox row each', async () => {
    const batch = Array.from({ length: 40 }, (_, i) => ev(`c${i}`, 100 + i, { project: 'project:conc' }));
    const results = await Promise.all([log.append(batch), log.append(batch), log.append([...batch].reverse())]);
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(40);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(80);
    expect(await log.count('project:conc')).toBe(40);
    expect((await outboxRows()).filter((r) => r.project === 'project:conc')).toHaveLength(40);
  });

  it('leases outbox rows to one consumer, reclaims expired leases and completes idempotently', async () => {
    const first = await log.claimOutbox(5);
    expect(first).toHaveLength(5);
    const second = await log.claimOutbox(5);
    expect(second.map((r) => r.id).some((id) => first.some((f) => f.id === id))).toBe(false);
    await log.completeOutbox(first.map((r) => r.id));
    await log.completeOutbox(first.map((r) => r.id));
    // A consumer that dies holding an (already expired) lease: its rows are claimable again; the
    // unexpired lease of `second` and the completed rows are not.
    const crashed = await log.claimOutbox(3, 0);
    expect(crashed).toHaveLength(3);
    const rest = await log.claimOutbox(1000);
    const ids = new Set(rest.map((r) => r.id));
    expect(crashed.every((r) => ids.has(r.id))).toBe(true);
    expect([...first, ...second].some((r) => ids.has(r.id))).toBe(false);
    await log.completeOutbox([...second, ...rest].map((r) => r.id));
    expect(await log.claimOutbox(10, 0)).toEqual([]);
  });

  it('appends a batch larger than one statement chunk in one transaction, one outbox row per event', async () => {
    const project = 'project:big';
    const batch = Array.from({ length: 1200 }, (_, i) => ev(`big-${i}`, 200 + i / 100, { project }));
    expect(await log.append(batch)).toMatchObject({ inserted: 1200, duplicates: 0 });
    expect(await log.count(project)).toBe(1200);
    expect((await outboxRows()).filter((r) => r.project === project)).toHaveLength(1200);
    expect(await log.append([...batch.slice(0, 600), ev('big-new', 999, { project })])).toMatchObject({ inserted: 1, duplicates: 600 });
  });

  it('reports progress every 100 events, reaching the total only once committed; progress does not split the batch', async () => {
    const project = 'project:progress';
    const heard: Array<[number, number]> = [];
    const batch = Array.from({ length: 350 }, (_, i) => ev(`p-${i}`, 300 + i / 100, { project }));
    expect(await log.append(batch, (written, total) => void heard.push([written, total]))).toMatchObject({ inserted: 350 });
    expect(heard).toEqual([[100, 350], [200, 350], [300, 350], [350, 350]]);
    // A later chunk fails in the database (tokens overflow its integer column) after progress was
    // reported for the earlier chunks: nothing of the batch is written, and `total` is never reported.
    const failing = Array.from({ length: 350 }, (_, i) => ev(`pf-${i}`, 400 + i / 100, { project: 'project:progress-fail', ...(i === 320 ? { tokens: 3_000_000_000 } : {}) }));
    heard.length = 0;
    await expect(log.append(failing, (written, total) => void heard.push([written, total]))).rejects.toThrow();
    expect(heard).toEqual([[100, 350], [200, 350], [300, 350]]);
    expect(await log.count('project:progress-fail')).toBe(0);
  });
});
