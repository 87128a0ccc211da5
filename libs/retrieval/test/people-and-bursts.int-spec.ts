import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

/*
 * Real chats (issue 35, ADR-0045): a person is asked about by a name the chat calls them, not the
 * one their turns are stored under, and a fact is spread over a burst of short messages.
 */
const embedder = useTestEmbedder();

describe.each(testBackends)('people and bursts in hybrid search ($name)', (backend) => {
  let handle: DatabaseHandle;
  const scope = 'project:real-chat';
  const t0 = Date.now() - 3_600_000;
  const ids = {} as Record<'skiing' | 'addressing' | 'burstStart' | 'burstEnd', string>;

  beforeAll(async () => {
    handle = await backend.open();
    let n = 0;
    // One message every 20 s, as a chat sends them; `speaker` as typed (lower case for one of them).
    const say = (speaker: string, text: string) => {
      const at = new Date(t0 + n++ * 20_000);
      return seedRecord(handle.db, { content: `${speaker}: ${text}`, type: 'episode', memoryClass: 'episodic', scope, createdAt: at, validFrom: at, metadata: { speaker, session: 1 } });
    };
    await say('Ann', 'Hey! How are you?');
    await say('bea', 'Hey Kate! Good, you?');
    ids.skiing = await say('Ann', 'Great, I spent the whole day skiing in the mountains.');
    ids.addressing = await say('bea', 'Wow Kate, skiing sounds like so much fun!');
    await say('Ann', 'Thanks Emily!');
    await say('bea', 'See you tomorrow Kate.');
    ids.burstStart = await say('bea', 'The exhibition downtown was great, let me send you my favorite one!');
    await say('bea', 'one sec');
    await say('bea', 'loading');
    ids.burstEnd = await say('bea', 'This blue painting by the window.');
    await say('Ann', 'Gorgeous!');
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
  });
  afterAll(async () => {
    await handle.close();
  });

  const search = (sut: SearchService, text: string) => sut.search({ text, mode: 'hybrid', scopes: [scope], topK: 10 });

  it('reads a name the chat calls someone as that speaker: their own turn first, not the turns that address them', async () => {
    const asked: string[] = [];
    const sut = createSearchService({
      db: handle.db,
      embedder: { modelName: embedder.modelName, modelVersion: embedder.modelVersion, embedQuery: (text) => (asked.push(text), embedder.embedQuery(text)) },
    });
    const found = await search(sut, 'What sport does Kate love?');
    // Her own turns lead. Which of them comes first is not asserted: her short reply ("Thanks
    // Emily!") is embedded with the turn it answers ("skiing sounds like so much fun", ADR-0049).
    expect(found.results.slice(0, 2).map((r) => r.record.content.split(':')[0])).toEqual(['Ann', 'Ann']);
    const rank = (id: string) => found.results.findIndex((r) => r.record.id === id);
    expect(rank(ids.skiing)).toBeLessThan(2);
    expect(rank(ids.addressing)).toBeGreaterThan(rank(ids.skiing));
    // The first read taught the book who Kate is; the query was embedded again without her.
    expect(asked).toEqual(['What sport does Kate love?', 'What sport does love?']);
    asked.length = 0;
    await search(sut, 'What sport does Kate love?');
    expect(asked).toEqual(['What sport does love?']);
  });

  it('learns the name in vector mode too, from its short keyword read of the query\'s capitalised words', async () => {
    const asked: string[] = [];
    const sut = createSearchService({
      db: handle.db,
      embedder: { modelName: embedder.modelName, modelVersion: embedder.modelVersion, embedQuery: (text) => (asked.push(text), embedder.embedQuery(text)) },
    });
    const found = await sut.search({ text: 'What sport does Kate love?', mode: 'vector', scopes: [scope], topK: 10 });
    expect(asked).toEqual(['What sport does Kate love?', 'What sport does love?']);
    expect(found.results.length).toBeGreaterThan(0);
  });

  it('knows a speaker stored in lower case by a capitalised name', async () => {
    const found = await search(createSearchService({ db: handle.db, embedder }), 'What did Bea say about the exhibition?');
    expect(found.results[0]?.record.content.startsWith('bea:')).toBe(true);
  });

  it('lends a burst\'s match to its last message, three turns away', async () => {
    const found = await search(createSearchService({ db: handle.db, embedder }), 'Which favorite piece did she see at the exhibition downtown?');
    const start = found.results.find((r) => r.record.id === ids.burstStart);
    const end = found.results.find((r) => r.record.id === ids.burstEnd);
    expect(start).toBeDefined();
    expect(end?.contextScore).toBeGreaterThan(0);
  });
});
