import {
  createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, tocConfig, type NewConversationEvent, type TocService,
} from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const P = 'project:bounds';
const turn = (id: string, at: string, session: string, text: string): NewConversationEvent => ({
  eventId: id, project: P, agent: 'test', sessionId: session, ts: new Date(at), kind: 'user_message', role: 'user', text, metadata: {}, tokens: estimateTextTokens(text),
});

/** Two sessions 17 days apart. */
const events = [
  turn('a1', '2023-05-08T13:00:00Z', 'first', 'Caroline: I joined a pottery class on Saturday mornings.'),
  turn('a2', '2023-05-08T13:01:00Z', 'first', 'Melanie: My kids started swimming lessons at the new pool.'),
  turn('a3', '2023-05-08T13:02:00Z', 'first', 'Caroline: The pottery teacher showed us how to glaze bowls.'),
  turn('b1', '2023-05-25T09:00:00Z', 'second', 'Melanie: We finally booked the camping trip to the lake for June.'),
  turn('b2', '2023-05-25T09:01:00Z', 'second', 'Caroline: I painted a sunrise over the lake last weekend.'),
];

describe.each(testBackends)('conversation boundaries ($name)', (backend) => {
  let handle: DatabaseHandle;
  let toc: TocService;

  beforeAll(async () => {
    handle = await backend.open();
    toc = createTocService({ db: handle.db, summariser: createExtractiveSummariser({ bullets: 3, keywords: 4 }), config: tocConfig(), embedder: null });
    await createEventLog(handle.db as never).append(events);
    await toc.processOutbox(100);
  });
  afterAll(async () => handle?.close());

  it('grip.expand marks where the context crosses into another session', async () => {
    const second = await toc.node(P, (await toc.browse(P, 'day:2023-05-25', { limit: 5 })).children[0]?.nodeId ?? '');
    const grip = second.grips.find((g) => g.eventIdStart === 'b1') ?? second.grips[0];
    expect(grip).toBeDefined();
    const r = await toc.expandGrip(P, grip?.gripId ?? '', { before: 2, after: 0 });
    const ids = r.events.map((e) => e.eventId);
    expect(ids.slice(0, 2)).toEqual(['a2', 'a3']); // context reaches 17 days back...
    expect(r.sessionStarts).toEqual([ids[2]]); // ...and says where the other session begins
  });

  it('events of a node\'s own bounds include its last event', async () => {
    for (const day of ['day:2023-05-08', 'day:2023-05-25']) {
      const { children } = await toc.browse(P, day, { limit: 5 });
      for (const seg of children) {
        const { events: got } = await toc.events(P, { nodeId: seg.nodeId, limit: 100 });
        expect(got).toHaveLength(seg.eventCount);
        expect(got.at(-1)?.ts).toEqual(seg.end);
      }
    }
    await expect(toc.events(P, { nodeId: 'day:2023-05-08', from: new Date(0), limit: 10 })).rejects.toThrow(/either node_id or from\/to/);
  });
});
