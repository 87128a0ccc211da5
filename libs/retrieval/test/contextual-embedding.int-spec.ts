import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

/*
 * A short chat turn is embedded with the turns before it in its burst and the turn that prompted
 * it (issue 35, ADR-0049): what the indexer hands the model is read from the store, one session of
 * one scope, searchable turns only. The stored text stays the turn's own.
 */
const embedder = useTestEmbedder();

describe.each(testBackends)('contextual embedding of short turns ($name)', (backend) => {
  let handle: DatabaseHandle;
  const t0 = Date.now() - 3_600_000;
  beforeEach(async () => {
    handle = await backend.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  const say = (speaker: string, text: string, seconds: number, session = 1, scope = 'project:chat') => {
    const at = new Date(t0 + seconds * 1000);
    return seedRecord(handle.db, { content: `${speaker}: ${text}`, type: 'episode', memoryClass: 'episodic', scope, createdAt: at, validFrom: at, metadata: { speaker, session } });
  };

  /** Runs the indexer with the real model, keeping every text it was given. */
  async function embeddedTexts(): Promise<string[]> {
    const seen: string[] = [];
    const recording = { ...embedder, embedPassages: (texts: string[]) => (seen.push(...texts), embedder.embedPassages(texts)) };
    await createEmbeddingIndexer({ db: handle.db, embedder: recording }).runOnce();
    return seen;
  }

  it('embeds a short turn after its burst and prompt, in its own session and scope only', async () => {
    await say('Ann', 'How was the fair?', 0);
    await say('Ann', 'Another chat entirely', 10, 2);
    await say('Ann', 'Another scope entirely', 15, 1, 'project:other');
    await say('Bea', 'The Art Basel fair in Miami was great, let me send you my favorite one!', 20);
    const short = await say('Bea', 'This was my favorite piece', 40);
    const texts = await embeddedTexts();
    expect(texts).toContain('Bea: This was my favorite piece\nAnn: How was the fair?\nBea: The Art Basel fair in Miami was great, let me send you my favorite one!');
    const row = await handle.db.selectFrom('memories').select(['content']).where('id', '=', short).executeTakeFirstOrThrow();
    expect(row.content).toBe('Bea: This was my favorite piece');
  });

  it('leaves out a forgotten turn, and embeds notes that are not turns alone', async () => {
    await say('Ann', 'How was the fair?', 0);
    const gone = await say('Bea', 'My password is hunter2', 20);
    await say('Bea', 'This was my favorite piece', 40);
    await seedRecord(handle.db, { content: 'Deploys run on Fridays', createdAt: new Date(t0 + 50_000), metadata: { session: 1 } });
    await updateRecord(handle.db, gone, { status: 'forgotten', content: '[forgotten]' }, 'forget');
    const texts = await embeddedTexts();
    expect(texts).toEqual(expect.arrayContaining(['Bea: This was my favorite piece\nAnn: How was the fair?', 'Deploys run on Fridays']));
    expect(texts.join('\n')).not.toContain('hunter2');
  });
});
