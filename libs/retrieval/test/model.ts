import { fileURLToPath } from 'node:url';
import { loadEmbeddingProvider, type EmbeddingProvider } from '@engram/infra';

/** The real ONNX model provisioned by tools/setup/fetch-model.sh (no fake embedder anywhere). */
export function loadTestEmbedder(): Promise<EmbeddingProvider> {
  const fallback = fileURLToPath(new URL('../../../.cache/models/all-MiniLM-L6-v2', import.meta.url));
  return loadEmbeddingProvider({ modelDir: process.env.ENGRAM_TEST_MODEL_DIR ?? fallback, modelName: 'all-MiniLM-L6-v2' });
}
