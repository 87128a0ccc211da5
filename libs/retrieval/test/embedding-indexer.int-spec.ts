import { sql } from 'kysely';
import type { DatabaseHandle, EmbeddingProvider } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { embeddingState, seedRecord, updateRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

const embedder = useTestEmbedder();

/** The same real model under a new version tag, as after a weights update. */
function relabelled(real: EmbeddingProvider, modelVersion: string) {
  return {
    modelName: real.modelName,
    modelVersion,
    embedPassages: (texts: string[]) => real.embedPassages(texts),
    embedQuery: (text: string) => real.embedQuery(text),
  };
}

describe.each(testBackends)('embedding indexer ($name)', (backend) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await backend.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  it('embeds pending records in batches, tagged with the model, and honours the limit', async () => {
    const ids = await Promise.all(
      ['alpha note', 'beta note', 'gamma note', 'delta note', 'epsilon note'].map((content) => seedRecord(handle.db, { content })),
    );
    const indexer = createEmbeddingIndexer({ db: handle.db, embedder, batchSize: 2 });
    expect(await indexer.countPendingEmbeddings()).toBe(5);
    expect(await indexer.runOnce(3)).toEqual({ embedded: 3, remaining: 2 });
    expect(await indexer.runOnce()).toEqual({ embedded: 2, remaining: 0 });
    expect(await indexer.runOnce()).toEqual({ embedded: 0, remaining: 0 });
    for (const id of ids) {
      expect(await embeddingState(handle.db, id)).toEqual({
        embedding_model: embedder.modelName, embedding_model_version: embedder.modelVersion, has_vector: true,
      });
    }
  });

  it('skips records that are never searched (superseded, forgotten)', async () => {
    const kept = await seedRecord(handle.db, { content: 'kept' });
    const gone = await seedRecord(handle.db, { content: 'gone' });
    await updateRecord(handle.db, gone, { status: 'forgotten', content: '[forgotten]' }, 'forget');
    const old = await seedRecord(handle.db, { content: 'old', status: 'superseded' });
    expect(await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce()).toEqual({ embedded: 1, remaining: 0 });
    expect((await embeddingState(handle.db, kept)).has_vector).toBe(true);
    expect((await embeddingState(handle.db, gone)).has_vector).toBe(false);
    expect((await embeddingState(handle.db, old)).has_vector).toBe(false);
  });

  it('re-embeds after a content change, and after a model change', async () => {
    const id = await seedRecord(handle.db, { content: 'The build server runs on Debian.' });
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
    await updateRecord(handle.db, id, { content: 'The build server runs on Alpine Linux.' });
    expect((await embeddingState(handle.db, id)).has_vector).toBe(false);
    expect(await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce()).toEqual({ embedded: 1, remaining: 0 });

    const next = relabelled(embedder, `${embedder.modelVersion}-next`);
    const nextIndexer = createEmbeddingIndexer({ db: handle.db, embedder: next });
    expect(await nextIndexer.countPendingEmbeddings()).toBe(1);
    // Until re-embedded, the old vector is not comparable with the new model's queries.
    const search = createSearchService({ db: handle.db, embedder: next });
    const before = await search.search({ text: 'build server', mode: 'vector', scopes: ['global'] });
    expect(before.results).toEqual([]);
    expect(before.pendingEmbeddings).toBe(1);
    expect(await nextIndexer.runOnce()).toEqual({ embedded: 1, remaining: 0 });
    expect((await embeddingState(handle.db, id)).embedding_model_version).toBe(next.modelVersion);
    const after = await search.search({ text: 'build server', mode: 'vector', scopes: ['global'] });
    expect(after.results.map((r) => r.record.id)).toEqual([id]);
  });

  it('does not store a vector for text that changed while it was being embedded', async () => {
    const id = await seedRecord(handle.db, { content: 'first text' });
    // A real embedder whose batch completes only after a concurrent edit was committed.
    const racing = {
      modelName: embedder.modelName,
      modelVersion: embedder.modelVersion,
      embedPassages: async (texts: string[]) => {
        const vectors = await embedder.embedPassages(texts);
        await updateRecord(handle.db, id, { content: 'second text' });
        return vectors;
      },
    };
    expect(await createEmbeddingIndexer({ db: handle.db, embedder: racing }).runOnce()).toEqual({ embedded: 0, remaining: 1 });
    expect((await embeddingState(handle.db, id)).has_vector).toBe(false);
    expect(await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce()).toEqual({ embedded: 1, remaining: 0 });
  });

  describe('oldest pending age (issue 39: waiting since the store recorded it)', () => {
    /** Moves the transaction time of one stored version into the past, as if recorded then. */
    async function recordedAgo(id: string, version: number, seconds: number): Promise<void> {
      await sql`UPDATE memory_versions SET recorded_at = now() - make_interval(secs => ${seconds})
        WHERE id = ${id}::uuid AND version = ${version}`.execute(handle.db);
    }

    it('is null with nothing waiting, and counts from the import, not from the record\'s own old date', async () => {
      const indexer = createEmbeddingIndexer({ db: handle.db, embedder });
      expect(await indexer.oldestPendingAgeSeconds()).toBeNull();
      await seedRecord(handle.db, { content: 'imported from a 2019 wiki', createdAt: new Date('2019-03-01T00:00:00Z'), trust: 'import' });
      const age = await indexer.oldestPendingAgeSeconds();
      expect(age).not.toBeNull();
      expect(age as number).toBeLessThan(60);
      await indexer.runOnce();
      expect(await indexer.oldestPendingAgeSeconds()).toBeNull();
    });

    it('counts from the version that changed the text; later versions keeping the text do not reset it', async () => {
      const indexer = createEmbeddingIndexer({ db: handle.db, embedder });
      const id = await seedRecord(handle.db, { content: 'The cache lives in Redis.' });
      await indexer.runOnce();
      await updateRecord(handle.db, id, { content: 'The cache lives in Valkey.' });
      await updateRecord(handle.db, id, { tags: ['infra'] });
      await recordedAgo(id, 1, 3_600);
      await recordedAgo(id, 2, 600);
      await recordedAgo(id, 3, 60);
      const age = (await indexer.oldestPendingAgeSeconds()) as number;
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(660);
      // The oldest waiting record wins; a superseded one never waits (it is never embedded).
      const other = await seedRecord(handle.db, { content: 'queued long ago' });
      await recordedAgo(other, 1, 1_200);
      const gone = await seedRecord(handle.db, { content: 'old superseded text', status: 'superseded' });
      await recordedAgo(gone, 1, 86_400);
      const oldest = (await indexer.oldestPendingAgeSeconds()) as number;
      expect(oldest).toBeGreaterThanOrEqual(1_200);
      expect(oldest).toBeLessThan(1_260);
    });
  });
});
