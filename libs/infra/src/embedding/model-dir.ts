import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ModelUnavailableError } from './errors.js';
import { modelSettingsFor, MODEL_SETTINGS } from './model-settings.js';

/**
 * Where the ONNX weights may sit: `model.onnx` is what tools/setup/fetch-model.sh writes; the
 * `onnx/...` paths are the layout of a Hugging Face download, so a hand-made copy works too.
 */
export const ONNX_CANDIDATES = ['model.onnx', 'onnx/model_quantized.onnx', 'onnx/model.onnx'] as const;
const TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json'] as const;

/** Absolute paths of the files one model needs. */
export interface ModelFiles {
  readonly onnxPath: string;
  readonly tokenizerPath: string;
  readonly tokenizerConfigPath: string;
}

/** Result of a cheap, load-free health check of a model directory. */
export interface ModelDirCheck {
  readonly ok: boolean;
  readonly problem?: string;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** Finds the model files or throws ModelUnavailableError naming the first missing one. */
export function locateModelFiles(dir: string, modelName: string): ModelFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ModelUnavailableError(modelName, dir, `model directory ${dir} does not exist`);
  }
  for (const file of TOKENIZER_FILES) {
    if (!isFile(join(dir, file))) throw new ModelUnavailableError(modelName, join(dir, file));
  }
  const onnx = ONNX_CANDIDATES.map((candidate) => join(dir, candidate)).find(isFile);
  if (onnx === undefined) throw new ModelUnavailableError(modelName, join(dir, ONNX_CANDIDATES[0]));
  return {
    onnxPath: onnx,
    tokenizerPath: join(dir, 'tokenizer.json'),
    tokenizerConfigPath: join(dir, 'tokenizer_config.json'),
  };
}

/**
 * Health check for `doctor`/readiness probes: checks that the model is known and its files
 * exist, without reading or loading them.
 */
export function checkModelDir(dir: string, modelName: string): ModelDirCheck {
  if (modelSettingsFor(modelName) === undefined) {
    return { ok: false, problem: `unknown embedding model "${modelName}" (supported: ${Object.keys(MODEL_SETTINGS).join(', ')})` };
  }
  try {
    locateModelFiles(dir, modelName);
    return { ok: true };
  } catch (error) {
    if (error instanceof ModelUnavailableError) return { ok: false, problem: error.message };
    throw error;
  }
}

/** sha256 (hex) of a file, streamed so a large model does not sit in memory twice. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
