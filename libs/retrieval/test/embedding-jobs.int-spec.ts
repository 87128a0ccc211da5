import { createJobQueue, type DatabaseHandle, type JobQueue } from '@engram/infra';
import { createEmbeddingIndexer, registerEmbeddingJobs, requestEmbedding } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

const embedder = useTestEmbedder();

async function waitFor(check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(testBackends)('embed-pending-memories job ($name)', (backend) => {
  let handle: DatabaseHandle;
  let queue: JobQueue;
  beforeAll(async () => {
    handle = await backend.open();
    queue = createJobQueue(handle, { retryLimit: 1, retryDelaySeconds: 1 });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await handle.close();
  });

  it('drains the backlog across several job runs after one request', async () => {
    for (let i = 0; i < 7; i++) await seedRecord(handle.db, { content: `queued note number ${i}` });
    const indexer = createEmbeddingIndexer({ db: handle.db, embedder, batchSize: 2 });
    // Requested before a worker exists: the job waits in the queue, a duplicate is dropped.
    expect(await requestEmbedding(queue)).toEqual(expect.any(String));
    expect(await requestEmbedding(queue)).toBeNull();
    // perRun 3 < 7 pending: the job must re-enqueue itself to finish.
    await registerEmbeddingJobs(queue, indexer, { perRun: 3, pollingIntervalSeconds: 0.5 });
    await waitFor(async () => (await indexer.countPendingEmbeddings()) === 0);
  });
});
