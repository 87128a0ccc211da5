import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

/*
 * A question that asks for several things (ADR-0053): its top ranks spread over moments of the
 * conversation instead of holding one exchange told in several turns. Real model, both engines.
 */
const embedder = useTestEmbedder();

describe.each(testBackends)('several moments for a question that asks for several things ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;
  const scope = 'project:moments';
  const t0 = Date.now() - 7 * 86_400_000;
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  const session = {} as Record<string, number>;

  beforeAll(async () => {
    handle = await backend.open();
    const turn = async (content: string, minutes: number, s: number) => {
      const id = await seedRecord(handle.db, { content, type: 'episode', memoryClass: 'episodic', scope, createdAt: at(minutes), metadata: { session: s, speaker: content.split(':')[0] } });
      session[id] = s;
    };
    // Monday: one long exchange about tennis. Saturday: football, said once.
    await turn('Bob: I played tennis this morning, my serve is finally getting better at the club.', 0, 1);
    await turn('Ann: Nice! How long have you been playing tennis?', 1, 1);
    await turn('Bob: I have played tennis for ten years, I train at the club twice a week.', 2, 1);
    await turn('Bob: Tennis keeps me fit, I even play in the club league on Thursdays.', 3, 1);
    await turn('Ann: What else are you up to this weekend?', 6000, 2);
    await turn('Bob: I play football with my friends in the park every Saturday.', 6001, 2);
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
    sut = createSearchService({ db: handle.db, embedder });
  });
  afterAll(async () => {
    await handle.close();
  });

  const sessionsOfTop = async (text: string, n: number) =>
    (await sut.search({ text, mode: 'hybrid', scopes: [scope], topK: 10 })).results.slice(0, n).map((r) => session[r.record.id]);

  it('brings the other moment into the top three when the question asks for a list', async () => {
    expect(await sessionsOfTop('What sports does Bob play?', 3)).toContain(2);
  });

  it('leaves the one exchange on top for the same question asked about one thing', async () => {
    expect(await sessionsOfTop('What sport does Bob play?', 3)).toEqual([1, 1, 1]);
  });
});
