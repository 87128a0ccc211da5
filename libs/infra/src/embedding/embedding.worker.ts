// Tokenizer + ONNX inference. Runs inside a worker thread (see worker-client.ts) or, with
// `inline: true`, on the calling thread. @NOTE This module imports only packages, no sibling
// files: under jest/tsx the worker is started from this .ts file by Node's own type stripping,
// which does not map `./x.js` imports to `.ts`. Keep it to erasable TypeScript syntax
// (no enums, no parameter properties) for the same reason.
import { readFile } from 'node:fs/promises';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { Tokenizer } from '@huggingface/tokenizers';
import ort from 'onnxruntime-node';
import type { InferenceSession } from 'onnxruntime-node';

/** Everything the engine needs; plain data so it can cross the thread boundary. */
export interface EngineConfig {
  readonly onnxPath: string;
  readonly tokenizerPath: string;
  readonly tokenizerConfigPath: string;
  readonly pooling: 'mean' | 'cls';
  readonly normalize: boolean;
  readonly maxTokens: number;
  readonly dimension: number;
  readonly threads: number;
}

/** One loaded model. `embed` returns the vectors row-major: texts.length × dimension. */
export interface EmbeddingEngine {
  embed(texts: readonly string[]): Promise<Float32Array>;
  close(): Promise<void>;
}

/** Marks workerData so that importing this module elsewhere never starts a listener. */
export const EMBEDDING_WORKER_KIND = 'engram-embedding-worker';

export type WorkerRequest = { type: 'embed'; id: number; texts: string[] } | { type: 'close' };
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; data: Float32Array }
  | { type: 'error'; id: number; message: string }
  | { type: 'closed' };

/** The part of @huggingface/tokenizers' Tokenizer we use (its .d.ts does not resolve under NodeNext). */
export interface TextTokenizer {
  encode(text: string): { ids: number[] };
  token_to_id(token: string): number | undefined;
}

interface EncodedBatch {
  readonly inputIds: BigInt64Array;
  readonly attentionMask: BigInt64Array;
  readonly tokenTypeIds: BigInt64Array;
  readonly seqLen: number;
}

/**
 * Padded tokens (rows × longest row) one session run takes at most: 8 texts of 256 tokens, 42 of
 * 48. onnxruntime's memory grows with the run's shape (attention alone is rows × 12 heads ×
 * length² floats) and its CPU arena keeps the largest run's blocks for the life of the process:
 * one run of 32 × 256 tokens left the session at ~1.46 GB RSS, 8 × 256 at ~0.52 GB; a server
 * embedding 300 long texts went from 1.83 GB to 0.87 GB, and no slower (issue 18, ADR-0032).
 * Memory patterns stay on: without them the same server used 0.76 GB but embedded ~3x slower.
 * Short texts (the usual memory) still run 32 at a time.
 */
export const MAX_TOKENS_PER_RUN = 2048;

/** A text's token ids; truncation keeps the final [SEP]. */
function tokenIds(tokenizer: TextTokenizer, text: string, maxTokens: number): number[] {
  const ids = tokenizer.encode(text).ids;
  return ids.length <= maxTokens ? ids : [...ids.slice(0, maxTokens - 1), ids[ids.length - 1] as number];
}

/**
 * Splits rows (in order) into consecutive runs whose padded size (rows × longest) stays within
 * `budget`; a row longer than the budget runs alone. Returns [start, end) pairs.
 */
export function runsWithinTokenBudget(lengths: readonly number[], budget: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = 0;
  let longest = 0;
  lengths.forEach((length, i) => {
    const widened = Math.max(longest, length, 1);
    if (i > start && widened * (i - start + 1) > budget) {
      runs.push([start, i]);
      start = i;
      longest = Math.max(length, 1);
    } else longest = widened;
  });
  if (lengths.length > start) runs.push([start, lengths.length]);
  return runs;
}

/** Pads every row of token ids to the longest in the batch (each row's truncation kept its final [SEP]). */
function encodeRows(rows: readonly number[][], padId: number): EncodedBatch {
  const seqLen = Math.max(1, ...rows.map((ids) => ids.length));
  const inputIds = new BigInt64Array(rows.length * seqLen).fill(BigInt(padId));
  const attentionMask = new BigInt64Array(rows.length * seqLen);
  rows.forEach((ids, row) => {
    ids.forEach((id, col) => {
      inputIds[row * seqLen + col] = BigInt(id);
      attentionMask[row * seqLen + col] = 1n;
    });
  });
  // Single-segment input: every token type id is 0.
  return { inputIds, attentionMask, tokenTypeIds: new BigInt64Array(rows.length * seqLen), seqLen };
}

/** Reduces hidden states [batch, seqLen, hidden] to one vector per row. */
export function poolHiddenStates(
  hidden: Float32Array,
  mask: BigInt64Array,
  batch: number,
  seqLen: number,
  mode: 'mean' | 'cls',
): Float32Array {
  const dim = hidden.length / (batch * seqLen);
  const out = new Float32Array(batch * dim);
  for (let b = 0; b < batch; b++) {
    const target = out.subarray(b * dim, (b + 1) * dim);
    if (mode === 'cls') {
      target.set(hidden.subarray(b * seqLen * dim, b * seqLen * dim + dim));
      continue;
    }
    let count = 0;
    for (let t = 0; t < seqLen; t++) {
      if (mask[b * seqLen + t] === 0n) continue;
      count++;
      const offset = (b * seqLen + t) * dim;
      for (let d = 0; d < dim; d++) target[d] = (target[d] as number) + (hidden[offset + d] as number);
    }
    // Clamp like sentence-transformers (min 1e-9) so an all-padding row cannot divide by zero.
    const divisor = Math.max(count, 1e-9);
    for (let d = 0; d < dim; d++) target[d] = (target[d] as number) / divisor;
  }
  return out;
}

/** In-place L2 normalisation of each row; the epsilon matches torch.nn.functional.normalize. */
export function l2NormalizeRows(data: Float32Array, dim: number): Float32Array {
  for (let offset = 0; offset < data.length; offset += dim) {
    const row = data.subarray(offset, offset + dim);
    let sum = 0;
    for (const value of row) sum += value * value;
    const norm = Math.max(Math.sqrt(sum), 1e-12);
    for (let d = 0; d < dim; d++) row[d] = (row[d] as number) / norm;
  }
  return data;
}

async function runBatch(session: InferenceSession, config: EngineConfig, batch: EncodedBatch, size: number): Promise<Float32Array> {
  const shape = [size, batch.seqLen];
  const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {
    input_ids: new ort.Tensor('int64', batch.inputIds, shape),
    attention_mask: new ort.Tensor('int64', batch.attentionMask, shape),
  };
  if (session.inputNames.includes('token_type_ids')) feeds['token_type_ids'] = new ort.Tensor('int64', batch.tokenTypeIds, shape);
  const outputName = session.outputNames.includes('last_hidden_state') ? 'last_hidden_state' : (session.outputNames[0] as string);
  const results = await session.run(feeds);
  const hidden = results[outputName];
  if (hidden === undefined || hidden.dims.length !== 3 || hidden.dims[2] !== config.dimension) {
    throw new Error(`model output ${outputName} has dims [${hidden?.dims.join(', ')}], expected [*, *, ${config.dimension}]`);
  }
  const pooled = poolHiddenStates(hidden.data as Float32Array, batch.attentionMask, size, batch.seqLen, config.pooling);
  for (const tensor of Object.values(results)) tensor.dispose();
  return config.normalize ? l2NormalizeRows(pooled, config.dimension) : pooled;
}

/** Loads tokenizer and ONNX session. The caller batches; one `embed` call is one session run. */
export async function createEmbeddingEngine(config: EngineConfig): Promise<EmbeddingEngine> {
  const [tokenizerJson, tokenizerConfig] = await Promise.all([
    readFile(config.tokenizerPath, 'utf8').then((text) => JSON.parse(text) as object),
    readFile(config.tokenizerConfigPath, 'utf8').then((text) => JSON.parse(text) as object),
  ]);
  const tokenizer: TextTokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
  const padId = tokenizer.token_to_id('[PAD]') ?? 0;
  const session = await ort.InferenceSession.create(config.onnxPath, {
    intraOpNumThreads: config.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // onnxruntime's pool threads busy-wait after each run by default. A hybrid search embeds its
    // query while its keyword read runs in Postgres: on two cores the spinning threads took that
    // read's CPU (100k memories: hybrid p95 105 ms with spinning, 42-50 ms without; ADR-0019 amendment).
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  return {
    async embed(texts) {
      if (texts.length === 0) return new Float32Array(0);
      const rows = texts.map((text) => tokenIds(tokenizer, text, config.maxTokens));
      const out = new Float32Array(texts.length * config.dimension);
      for (const [start, end] of runsWithinTokenBudget(rows.map((r) => r.length), MAX_TOKENS_PER_RUN)) {
        out.set(await runBatch(session, config, encodeRows(rows.slice(start, end), padId), end - start), start * config.dimension);
      }
      return out;
    },
    close: () => session.release(),
  };
}

function serveEngine(port: MessagePort, config: EngineConfig): void {
  const ready = createEmbeddingEngine(config);
  // One request at a time: onnxruntime already spreads a run over `threads` cores.
  let queue: Promise<unknown> = ready.then(
    () => port.postMessage({ type: 'ready' } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ type: 'failed', message: String((error as Error)?.message ?? error) } satisfies WorkerReply),
  );
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(async () => {
      const engine = await ready;
      if (request.type === 'close') {
        await engine.close();
        port.postMessage({ type: 'closed' } satisfies WorkerReply);
        port.close();
        return;
      }
      try {
        const data = await engine.embed(request.texts);
        port.postMessage({ type: 'result', id: request.id, data } satisfies WorkerReply, [data.buffer as ArrayBuffer]);
      } catch (error) {
        port.postMessage({ type: 'error', id: request.id, message: String((error as Error)?.message ?? error) } satisfies WorkerReply);
      }
    });
  });
}

const data = workerData as { kind?: string; config?: EngineConfig } | null;
if (!isMainThread && parentPort !== null && data?.kind === EMBEDDING_WORKER_KIND && data.config !== undefined) {
  serveEngine(parentPort, data.config);
}
