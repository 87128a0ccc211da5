import { InfraError } from '../errors.js';

// Every embedding error is an InfraError, so one mapper (`err instanceof InfraError` → `err.code`) covers them.

/** Fetch command named in every "model missing" message, so an operator can act on it at once. */
export const FETCH_MODEL_HINT = 'npm run setup (or: tools/setup/fetch-model.sh <model-name> <model-dir>)';

/**
 * The embedding model directory lacks a file the provider needs (tokenizer or ONNX weights).
 * The message names the missing path and the command that fetches the model.
 */
export class ModelUnavailableError extends InfraError {
  override readonly name = 'ModelUnavailableError';
  override readonly code = 'MODEL_UNAVAILABLE' as const;
  constructor(
    readonly modelName: string,
    readonly missingPath: string,
    detail?: string,
  ) {
    super(
      'MODEL_UNAVAILABLE',
      `Embedding model "${modelName}" is not available: ${detail ?? `missing ${missingPath}`}. ` +
        `Fetch it with: ${FETCH_MODEL_HINT.replace('<model-name>', modelName)}`,
    );
  }
}

/** The model name has no entry in MODEL_SETTINGS, so pooling and prefixes would be guesses. */
export class EmbeddingModelUnknownError extends InfraError {
  override readonly name = 'EmbeddingModelUnknownError';
  override readonly code = 'EMBEDDING_MODEL_UNKNOWN' as const;
  constructor(readonly modelName: string, known: readonly string[]) {
    super('EMBEDDING_MODEL_UNKNOWN', `Unknown embedding model "${modelName}"; supported: ${known.join(', ')}`);
  }
}

/** Inference failed, the worker thread died, or the provider was used after close(). */
export class EmbeddingFailedError extends InfraError {
  override readonly name = 'EmbeddingFailedError';
  override readonly code = 'EMBEDDING_FAILED' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super('EMBEDDING_FAILED', message, options);
  }
}

/** The worker entry file is not where the loader expects it (a build that did not emit it). */
export class EmbeddingWorkerMissingError extends InfraError {
  override readonly name = 'EmbeddingWorkerMissingError';
  override readonly code = 'EMBEDDING_WORKER_MISSING' as const;
  constructor(readonly tried: readonly string[]) {
    super(
      'EMBEDDING_WORKER_MISSING',
      `Embedding worker entry not found (tried ${tried.join(', ')}). The app build must emit ` +
        `libs/infra/src/embedding/embedding.worker.ts as "embedding.worker.js" next to the bundle, ` +
        `or pass { inline: true } / { workerUrl } to loadEmbeddingProvider.`,
    );
  }
}
