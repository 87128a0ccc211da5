import { fileURLToPath } from 'node:url';
import type { EmbeddingProvider } from '../../infra/src/embedding/embedding-provider.js';
import { loadEmbeddingProvider } from '../../infra/src/embedding/load-embedding-provider.js'; // TEMP until infra exports it

/** The real ONNX model provisioned by tools/setup/fetch-model.sh (no fake embedder anywhere). */
export function loadTestEmbedder(): Promise<EmbeddingProvider> {
  const fallback = fileURLToPath(new URL('../../../.cache/models/all-MiniLM-L6-v2', import.meta.url));
  return loadEmbeddingProvider({ modelDir: process.env.ENGRAM_TEST_MODEL_DIR ?? fallback, modelName: 'all-MiniLM-L6-v2' });
}
