import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createRetrievalPipeline, type RetrievalPipeline } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

// The default hybrid fusion blends with the seed 004 signals (0.7 semantic, 0.2 recency, 0.1
// access). An old record that answers the query must stay ahead of recent look-alikes: RRF's
// compressed scores let recency override relevance, normalised fusion does not (ADR-0011 amendment).

const DAY = 86_400_000;
const embedder = useTestEmbedder();

describe.each(testBackends)('retrieval pipeline default fusion ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: RetrievalPipeline;
  const ids: Record<string, string> = {};
  const scopes = ['global'];
  const text = 'payments ledger database';

  beforeAll(async () => {
    handle = await backend.open();
    const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
    ids.answer = await seedRecord(handle.db, { content: 'Payments ledger database: the PostgreSQL 15 cluster db-7 holds every ledger entry.', createdAt: daysAgo(150) });
    // Matches every query term too (second in both lists), but is about something else.
    ids.lookalike = await seedRecord(handle.db, { content: 'Payments team offsite: the quarterly review of ledger reports and of the database budget is on Thursday.', createdAt: daysAgo(1) });
    for (const [i, content] of ['The mobile app uses push notifications.', 'Deploys run from the main branch.', 'The office wifi password rotates monthly.'].entries()) {
      await seedRecord(handle.db, { content, createdAt: daysAgo(3 + i) });
    }
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
    sut = createRetrievalPipeline({ db: handle.db, embedder });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps the old answer first by default (normalised fusion) with the default ranking signals', async () => {
    const res = await sut.retrieve({ text, scopes });
    expect(res.fusion).toBe('normalized');
    expect(res.results.slice(0, 2).map((r) => r.id)).toEqual([ids.answer, ids.lookalike]);
  });

  it('with RRF the same signals put a recent look-alike above it: the reason RRF is not the default', async () => {
    const res = await sut.retrieve({ text, scopes, fusion: 'rrf' });
    expect(res.results.slice(0, 2).map((r) => r.id)).toEqual([ids.lookalike, ids.answer]);
  });
});
