import type { EmbeddingEngine } from './embedding.worker.js';
import type { ModelSettings } from './model-settings.js';

/**
 * Turns text into fixed-length vectors (ADR-0005). Passages and queries are embedded apart
 * because some models (bge) want a prefix on queries only. Vectors are L2-normalised when the
 * model's settings say so, which is true for every supported model.
 */
export interface EmbeddingProvider {
  /** Short model name, e.g. "all-MiniLM-L6-v2"; stored with each vector. */
  readonly modelName: string;
  /** First 12 hex digits of the ONNX file's sha256; changes whenever the weights change. */
  readonly modelVersion: string;
  /** Length of every returned vector (384 for the supported models). */
  readonly dimension: number;
  /** One vector per text, in input order. Texts are batched internally. */
  embedPassages(texts: string[]): Promise<Float32Array[]>;
  /** Embeds a search query, applying the model's query prefix. */
  embedQuery(text: string): Promise<Float32Array>;
  /** Releases the ONNX session and stops the worker; later calls reject. Idempotent. */
  close(): Promise<void>;
}

/** Batches texts over an engine. Sorting by length first keeps padding (wasted compute) small. */
export class OnnxEmbeddingProvider implements EmbeddingProvider {
  readonly dimension: number;

  constructor(
    readonly modelName: string,
    readonly modelVersion: string,
    private readonly settings: ModelSettings,
    private readonly engine: EmbeddingEngine,
    private readonly batchSize: number,
  ) {
    this.dimension = settings.dimension;
  }

  async embedPassages(texts: string[]): Promise<Float32Array[]> {
    // Character length is a cheap proxy for token length; good enough to group similar sizes.
    const order = texts.map((_, index) => index).sort((a, b) => (texts[a] as string).length - (texts[b] as string).length);
    const out = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const indices = order.slice(start, start + this.batchSize);
      const flat = await this.engine.embed(indices.map((index) => texts[index] as string));
      indices.forEach((index, row) => {
        out[index] = flat.subarray(row * this.dimension, (row + 1) * this.dimension);
      });
    }
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const flat = await this.engine.embed([this.settings.queryPrefix + text]);
    return flat.subarray(0, this.dimension);
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
