import { fileURLToPath } from 'node:url';
import { loadEmbeddingProvider, type EmbeddingProvider } from '../../libs/infra/src/index.js';

/**
 * The real ONNX model (tools/setup/fetch-model.sh) for test suites of libs that may not import
 * infra themselves (agents): like `testBackends`, the harness builds infrastructure for them.
 */
export function loadTestEmbedder(): Promise<EmbeddingProvider> {
  const fallback = fileURLToPath(new URL('../../.cache/models/all-MiniLM-L6-v2', import.meta.url));
  return loadEmbeddingProvider({ modelDir: process.env.ENGRAM_TEST_MODEL_DIR ?? fallback, modelName: 'all-MiniLM-L6-v2' });
}
