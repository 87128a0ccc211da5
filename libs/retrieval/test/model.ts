import { fileURLToPath } from 'node:url';
import { loadEmbeddingProvider, type EmbeddingProvider } from '@engram/infra';

/** The real ONNX model provisioned by tools/setup/fetch-model.sh (no fake embedder anywhere). */
export function loadTestEmbedder(): Promise<EmbeddingProvider> {
  const fallback = fileURLToPath(new URL('../../../.cache/models/all-MiniLM-L6-v2', import.meta.url));
  return loadEmbeddingProvider({ modelDir: process.env.ENGRAM_TEST_MODEL_DIR ?? fallback, modelName: 'all-MiniLM-L6-v2' });
}

/**
 * The real model for every test of a spec file: loaded before the file's first test, closed after its
 * last. Call it at the top level of the file; the handle it returns forwards to the loaded model.
 */
export function useTestEmbedder(): EmbeddingProvider {
  let loaded: EmbeddingProvider | undefined;
  const model = (): EmbeddingProvider => {
    if (loaded === undefined) throw new Error('the test embedder is used before its beforeAll loaded it');
    return loaded;
  };
  beforeAll(async () => {
    loaded = await loadTestEmbedder();
  });
  afterAll(async () => {
    await loaded?.close();
  });
  return {
    get modelName() { return model().modelName; },
    get modelVersion() { return model().modelVersion; },
    get dimension() { return model().dimension; },
    embedPassages: (texts) => model().embedPassages(texts),
    embedQuery: (text) => model().embedQuery(text),
    close: () => model().close(),
  };
}
