/** How a model's token vectors become one sentence vector. */
export type PoolingMode = 'mean' | 'cls';

/** Per-model inference contract; vectors from different settings are not comparable. */
export interface ModelSettings {
  /** mean: average over the attention mask; cls: the first ([CLS]) token. */
  readonly pooling: PoolingMode;
  /** L2-normalise so that cosine similarity equals the dot product (pgvector `<=>`). */
  readonly normalize: boolean;
  /** Prepended to queries only, never to stored passages (asymmetric retrieval models). */
  readonly queryPrefix: string;
  /** Longer inputs are truncated to this many tokens, [CLS] and [SEP] included. */
  readonly maxTokens: number;
  /** Length of every vector; must match the `vector(384)` column. */
  readonly dimension: number;
}

/**
 * Supported models (ADR-0005). all-MiniLM-L6-v2 is the default because its ONNX file can be
 * provisioned offline; bge-small-en-v1.5 is the better retriever for users who can download it.
 * @NOTE all-MiniLM-L6-v2 uses 256 tokens because sentence-transformers trained and configured it
 * with max_seq_length 256: beyond that the model is out of distribution, and attention cost grows
 * with the square of the length. bge-small-en-v1.5 was trained for 512.
 */
export const MODEL_SETTINGS: Readonly<Record<string, ModelSettings>> = Object.freeze({
  'all-MiniLM-L6-v2': { pooling: 'mean', normalize: true, queryPrefix: '', maxTokens: 256, dimension: 384 },
  'bge-small-en-v1.5': {
    pooling: 'cls',
    normalize: true,
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    maxTokens: 512,
    dimension: 384,
  },
});

/** The model used when configuration names none. */
export const DEFAULT_EMBEDDING_MODEL = 'all-MiniLM-L6-v2';

/** Accepts "all-MiniLM-L6-v2" as well as hub ids such as "Xenova/all-MiniLM-L6-v2". */
export function modelSettingsFor(modelName: string): ModelSettings | undefined {
  const short = modelName.includes('/') ? modelName.slice(modelName.lastIndexOf('/') + 1) : modelName;
  return MODEL_SETTINGS[short];
}
