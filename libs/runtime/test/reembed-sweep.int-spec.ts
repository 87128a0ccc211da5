import { fileURLToPath } from 'node:url';
import { createLifecycleSweeps } from '@engram/agents';
import { loadEmbeddingProvider, type DatabaseHandle, type EmbeddingProvider } from '@engram/infra';
import { createGate } from '@engram/librarian';
import { extractEntities } from '@engram/lifecycle';
import { createTypeRegistry } from '@engram/memory';
import { createEmbeddingIndexer } from '@engram/retrieval';
import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';

let embedder: EmbeddingProvider;
beforeAll(async () => {
  const fallback = fileURLToPath(new URL('../../../.cache/models/all-MiniLM-L6-v2', import.meta.url));
  embedder = await loadEmbeddingProvider({ modelDir: process.env['ENGRAM_TEST_MODEL_DIR'] ?? fallback, modelName: 'all-MiniLM-L6-v2' });
});
afterAll(async () => embedder?.close());

describe.each(testBackends)('reembed sweep after a model change ($name)', (backend) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await backend.open();
  });
  afterEach(async () => handle?.close());

  it('re-embeds every record whose vector came from another model, and records the run', async () => {
    const registry = createTypeRegistry();
    const gate = createGate({ db: handle.db, registry });
    for (const content of ['the build uses esbuild', 'tests run on both backends', 'sweeps are checkpointed']) {
      expect((await gate.submit({ op: 'create', type: 'fact', scope: 'global', content }, { id: 't', kind: 'agent' })).status).toBe('committed');
    }
    // Vectors of the "previous" model: the same weights under another version tag, as after a model update.
    const previous = { modelName: embedder.modelName, modelVersion: 'previous', embedPassages: (t: string[]) => embedder.embedPassages(t), embedQuery: (t: string) => embedder.embedQuery(t) };
    await createEmbeddingIndexer({ db: handle.db, embedder: previous }).runOnce();
    const sweeps = createLifecycleSweeps({
      gate, db: handle.db, halfLifeDays: (t) => registry.get(t).halfLifeDays, extractEntities,
      reembed: createEmbeddingIndexer({ db: handle.db, embedder }),
    });
    expect((await sweeps.run('reembed', { dryRun: true })).counts).toEqual({ would_embed: 3 });
    const report = await sweeps.run('reembed');
    expect(report.counts).toEqual({ embedded: 3, remaining: 0 });
    const versions = (await sql<{ v: string }>`SELECT DISTINCT embedding_model_version AS v FROM memories`.execute(handle.db)).rows.map((r) => r.v);
    expect(versions).toEqual([embedder.modelVersion]);
    expect((await sweeps.run('reembed')).counts).toEqual({ embedded: 0, remaining: 0 });
  });
});
