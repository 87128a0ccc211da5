import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InfraError } from '../errors.js';

// Every embedding error is an InfraError, so one mapper (`err instanceof InfraError` → `err.code`) covers them.

/** The engram checkout this code runs from (a folder above it with tools/setup/fetch-model.sh), if any. */
export function engramCheckoutAbove(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'tools', 'setup', 'fetch-model.sh'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

const here = (): string => dirname(fileURLToPath(import.meta.url));

/**
 * What to do about a missing model, named in every "model missing" message so it can be acted on
 * at once. In an engram checkout: its setup script. In another project that installed the packed
 * libs (issue 37), where `npm run setup` and the script do not exist: which files to put where.
 */
export function fetchModelHint(modelName: string, checkout: string | null = engramCheckoutAbove(here()) ?? null): string {
  if (checkout !== null) return `npm run setup (or: tools/setup/fetch-model.sh ${modelName} <model-dir>) in ${checkout}`;
  return `put ${modelName}'s tokenizer.json, tokenizer_config.json and ONNX weights (model.onnx, or the onnx/ folder of its ` +
    'ONNX export) into one directory and point ENGRAM_MODEL_DIR (or the modelDir option) at it; an engram checkout\'s ' +
    `tools/setup/fetch-model.sh ${modelName} <dir> writes exactly that (@engram/infra README, "Embedding model")`;
}

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
    /** The engram checkout to name, null for none; found above this file by default. */
    checkout: string | null = engramCheckoutAbove(here()) ?? null,
  ) {
    super(
      'MODEL_UNAVAILABLE',
      `Embedding model "${modelName}" is not available: ${detail ?? `missing ${missingPath}`}. ` +
        `${checkout === null ? 'To use it' : 'Fetch it with'}: ${fetchModelHint(modelName, checkout)}`,
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
