import {
  createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, tocConfig, type NewConversationEvent, type ConversationDb, type TocService,
} from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';
import { loadTestEmbedder } from '../../../tools/test/test-embedder.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const config = tocConfig();
const P = 'project:chat';
const Q = 'project:other';
const D = 'project:dated';
const C = 'project:context';
const S = 'project:speakers';

function ev(project: string, id: string, at: string, text: string, session = 's1'): NewConversationEvent {
  return { eventId: id, project, agent: 'test', sessionId: session, ts: new Date(at), kind: 'user_message', role: 'user', text, metadata: {}, tokens: estimateTextTokens(text) };
}

/** Filler turns share common words ("really", "great"); the facts use rare ones. */
const events = [
  ev(P, 'c1', '2023-05-08T13:56:00Z', 'Caroline: I went to a LGBTQ support group yesterday and it was so powerful.'),
  ev(P, 'c2', '2023-05-08T13:57:00Z', 'Melanie: That is really great, really great to hear.'),
  ev(P, 'c3', '2023-05-08T13:58:00Z', 'Caroline: Really great, thanks! It was really great.'),
  ev(P, 'c4', '2023-06-09T10:00:00Z', 'Melanie: We moved here from Sweden four years ago with my grandma.', 's2'),
  ev(P, 'c5', '2023-06-09T10:01:00Z', 'Caroline: Biking along the river at sunrise is my favourite thing.', 's2'),
  ev(P, 'c6', '2023-06-09T10:02:00Z', 'Melanie: Really great, really great.', 's2'),
  ev(Q, 'o1', '2023-06-09T10:00:00Z', 'Someone else moved from Sweden too.'),
  // Two trips a month apart, and a party: dates in the query pick one.
  ev(D, 'd1', '2023-07-02T10:00:00Z', 'We went camping at the lake with the kids.'),
  ev(D, 'd2', '2023-08-14T10:00:00Z', 'Camping at the lake again, the kids loved the lake.'),
  ev(D, 'd3', '2023-08-20T10:00:00Z', 'My birthday party was last night.'),
  ev(D, 'd4', '2023-07-04T20:00:00Z', 'Fireworks for the Fourth!'),
  // A reply that shares no word with the question it answers; another session's turn in between.
  ev(C, 'x1', '2023-09-01T10:00:00Z', 'Melanie: How was the pottery class on Friday?', 'k1'),
  ev(C, 'x9', '2023-09-01T10:00:30Z', 'Caroline: Lovely weather today.', 'k2'),
  ev(C, 'x2', '2023-09-01T10:01:00Z', 'Caroline: I made a little bowl with a blue glaze, so proud of it.', 'k1'),
  ev(C, 'x3', '2023-09-01T10:02:00Z', 'Melanie: Wonderful!', 'k1'),
  // A question about one speaker: her own statement, not the other speaker addressing her or asking.
  ev(S, 's2', '2023-09-02T10:00:00Z', 'Melanie: Have you ever painted a horse?', 'p1'),
  ev(S, 's1', '2023-09-02T10:01:00Z', 'Caroline: Melanie, that horse painting of yours is lovely, Melanie.', 'p1'),
  ev(S, 's3', '2023-09-02T10:02:00Z', 'Melanie: I painted a horse on a wooden wall.', 'p1'),
  ev(S, 's4', '2023-09-02T10:03:00Z', 'Caroline: Lovely.', 'p1'),
];

describe.each(testBackends)('search over every conversation turn ($name)', (backend) => {
  let handle: DatabaseHandle;
  let toc: TocService;
  let embedder: Awaited<ReturnType<typeof loadTestEmbedder>>;

  beforeAll(async () => {
    handle = await backend.open();
    embedder = await loadTestEmbedder();
    const db: ConversationDb = handle.db;
    toc = createTocService({ db, summariser: createExtractiveSummariser({ bullets: 1, keywords: 2 }), config, embedder });
    await createEventLog(handle.db as never).append(events);
    await toc.processOutbox(100);
  });
  afterAll(async () => {
    await embedder?.close();
    await handle?.close();
  });

  it('finds a turn no grip cites, by any of the question words, ranking rare words over common ones', async () => {
    const { hits } = await toc.search(P, { text: 'Where did Melanie move from, was it really great?', limit: 3, mode: 'keyword' });
    expect(hits[0]).toMatchObject({ kind: 'event', id: 'c4', sessionId: 's2' });
    expect(hits[0]?.nodeId).toMatch(/^segment:2023-06-09T10:00/);
    expect(hits.map((h) => h.id)).not.toContain('o1'); // another project's turn never shows
  });

  it('returns every turn to a search with its own words', async () => {
    for (const e of events.filter((x) => x.project === P)) {
      const { hits } = await toc.search(P, { text: e.text.slice(e.text.indexOf(':') + 1), limit: 5, mode: 'keyword' });
      expect(hits.map((h) => h.id)).toContain(e.eventId);
    }
  });

  it('embeds events in passes and finds them by meaning', async () => {
    expect(await toc.hasBuildWork()).toBe(true);
    expect(await toc.embedPendingEvents(4)).toEqual({ embedded: 4, more: true });
    expect(await toc.embedPendingEvents(100)).toEqual({ embedded: 15, more: false });
    expect(await toc.hasBuildWork()).toBe(false);
    const { hits } = await toc.search(P, { text: 'cycling by the water early in the morning', limit: 3, mode: 'vector' });
    expect(hits[0]).toMatchObject({ kind: 'event', id: 'c5' });
  });

  it('embeds a short turn with its burst and prompt, so two equal replies differ by what they answer (ADR-0055)', async () => {
    const B = 'project:bursts';
    await createEventLog(handle.db as never).append([
      // The same words twice: alone they tie, and a tie goes to the earlier turn (b4).
      ev(B, 'b1', '2023-12-05T10:00:00Z', 'elise: I spent the whole day at the Art Basel fair in Miami Beach, so many paintings!', 'art'),
      ev(B, 'b2', '2023-12-05T10:01:00Z', 'elise: This was my favourite one!', 'art'),
      ev(B, 'b3', '2023-12-02T19:00:00Z', 'elise: We had dinner at a tiny Italian place near the harbour, fresh pasta and tiramisu.', 'food'),
      ev(B, 'b4', '2023-12-02T19:01:00Z', 'elise: This was my favourite one!', 'food'),
    ]);
    expect(await toc.embedPendingEvents(100)).toEqual({ embedded: 4, more: false });
    const { hits } = await toc.search(B, { text: 'the painting she liked best at the art fair', limit: 4, mode: 'vector' });
    const found = hits.filter((h) => h.kind === 'event').map((h) => h.id);
    expect(found).toContain('b2');
    expect(found.indexOf('b2')).toBeLessThan(found.includes('b4') ? found.indexOf('b4') : Infinity);
  });

  it('boosts events of the dates a query names, absolute or relative to another event', async () => {
    const top = async (text: string) => (await toc.search(D, { text, limit: 3, mode: 'keyword' })).hits.find((h) => h.kind === 'event')?.id;
    expect(await top('camping at the lake with the kids')).toBe('d2');
    expect(await top('camping at the lake with the kids on July 2')).toBe('d1');
    expect(await top('camping at the lake in July 2023')).toBe('d1');
    expect(await top('camping at the lake the week before the fireworks')).toBe('d1');
    expect(await top('camping at the lake the week before the birthday party')).toBe('d2');
  });

  it('narrows event hits to a time window', async () => {
    const window = { from: new Date('2023-05-01T00:00:00Z'), to: new Date('2023-06-01T00:00:00Z') };
    const { hits } = await toc.search(P, { text: 'moved from Sweden support group', limit: 10, mode: 'keyword', window });
    const events = hits.filter((h) => h.kind === 'event').map((h) => h.id);
    expect(events[0]).toBe('c1');
    expect(events).not.toContain('c4');
  });

  it('finds the reply after a matching turn of the same session (session context), not another session\'s turn', async () => {
    const { hits } = await toc.search(C, { text: 'pottery class', limit: 10, mode: 'keyword' });
    const found = hits.filter((h) => h.kind === 'event').map((h) => h.id);
    expect(found.slice(0, 2)).toEqual(['x1', 'x2']);
    expect(found).not.toContain('x9');
    expect(found).not.toContain('x3');
  });

  it('ranks the named speaker\'s own turn over the other speaker addressing her and over a question', async () => {
    const { hits } = await toc.search(S, { text: 'What has Melanie painted?', limit: 5, mode: 'keyword' });
    expect(hits.filter((h) => h.kind === 'event').map((h) => h.id).slice(0, 3)).toEqual(['s3', 's1', 's2']);
    // Hybrid embeds the text without the name; on four turns min-max scaling is coarse, so only "near
    // the top". s3 is short, so its vector also reads the prompt before it (ADR-0055): third, not second.
    const hybrid = await toc.search(S, { text: 'What has Melanie painted?', limit: 5, mode: 'hybrid' });
    expect(hybrid.hits.filter((h) => h.kind === 'event').map((h) => h.id).slice(0, 3)).toContain('s3');
  });
});
