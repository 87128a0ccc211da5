import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEmbeddingEngine } from './embedding.worker.js';
import type { EmbeddingEngine, EngineConfig } from './embedding.worker.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { OnnxEmbeddingProvider } from './embedding-provider.js';
import { EmbeddingFailedError, EmbeddingModelUnknownError, EmbeddingWorkerMissingError } from './errors.js';
import { locateModelFiles, sha256File } from './model-dir.js';
import { MODEL_SETTINGS, modelSettingsFor } from './model-settings.js';
import { WorkerEngineClient } from './worker-client.js';

/** Options for loadEmbeddingProvider. */
export interface LoadEmbeddingProviderOptions {
  /** Directory written by tools/setup/fetch-model.sh (tokenizer files + model.onnx). */
  readonly modelDir: string;
  /** A key of MODEL_SETTINGS, optionally with a hub owner ("Xenova/all-MiniLM-L6-v2"). */
  readonly modelName: string;
  /** Texts per ONNX run; default 32. */
  readonly batchSize?: number;
  /** onnxruntime intra-op threads; default min(4, cores). */
  readonly threads?: number;
  /** Run inference on the calling thread instead of a worker (CLI one-shots, odd bundlers). */
  readonly inline?: boolean;
  /** Worker entry to start instead of the one found next to this module. */
  readonly workerUrl?: URL;
}

/**
 * The worker entry next to this module: `embedding.worker.js` in a bundle or a compiled build,
 * `embedding.worker.ts` when running from source (jest, Node type stripping).
 */
export function defaultWorkerUrl(): URL {
  const candidates = ['./embedding.worker.js', './embedding.worker.ts'].map((path) => new URL(path, import.meta.url));
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (found === undefined) throw new EmbeddingWorkerMissingError(candidates.map((url) => fileURLToPath(url)));
  return found;
}

/**
 * Loads a model and returns a ready provider. Throws ModelUnavailableError (MODEL_UNAVAILABLE)
 * when a file is missing, EmbeddingModelUnknownError for a model without settings, and
 * EmbeddingFailedError when onnxruntime cannot load the file. Call close() when done.
 */
export async function loadEmbeddingProvider(options: LoadEmbeddingProviderOptions): Promise<EmbeddingProvider> {
  const settings = modelSettingsFor(options.modelName);
  if (settings === undefined) throw new EmbeddingModelUnknownError(options.modelName, Object.keys(MODEL_SETTINGS));
  const files = locateModelFiles(options.modelDir, options.modelName);
  const config: EngineConfig = {
    ...files,
    pooling: settings.pooling,
    normalize: settings.normalize,
    maxTokens: settings.maxTokens,
    dimension: settings.dimension,
    threads: options.threads ?? Math.min(4, availableParallelism()),
  };
  const [sha256, engine] = await Promise.all([sha256File(files.onnxPath), startEngine(config, options)]);
  return new OnnxEmbeddingProvider(shortModelName(options.modelName), modelVersionOf(sha256), settings, engine, options.batchSize ?? 32);
}

const shortModelName = (modelName: string) => modelName.slice(modelName.lastIndexOf('/') + 1);
const modelVersionOf = (sha256: string) => sha256.slice(0, 12);

/**
 * The name and version a loaded provider would tag its vectors with, without loading the model
 * (one hash of the ONNX file): for counting what still needs a vector in a process that embeds
 * nothing (the CLI). Throws ModelUnavailableError when a file is missing.
 */
export async function embeddingModelIdOf(modelDir: string, modelName: string): Promise<{ name: string; version: string }> {
  const files = locateModelFiles(modelDir, modelName);
  return { name: shortModelName(modelName), version: modelVersionOf(await sha256File(files.onnxPath)) };
}

async function startEngine(config: EngineConfig, options: LoadEmbeddingProviderOptions): Promise<EmbeddingEngine> {
  if (options.inline === true) {
    return createEmbeddingEngine(config).catch((error: unknown) => {
      throw new EmbeddingFailedError(`embedding model failed to load: ${(error as Error)?.message ?? String(error)}`);
    });
  }
  return WorkerEngineClient.start(options.workerUrl ?? defaultWorkerUrl(), config);
}
