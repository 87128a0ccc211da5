// Phase 2: the embedding rate, and the corpus vectors. Embedding 100k passages with MiniLM on two
// cores takes ~15 minutes, so the vectors are computed once (per model version, seed and size),
// kept in .cache/bench/, and fed to the real indexer for both backends through a PassageEmbedder
// that answers from the cache and falls back to the model for any text it does not hold.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EmbeddingProvider } from '@engram/infra';
import type { PassageEmbedder } from '@engram/retrieval';
import { memoryAt } from './corpus.js';
import { progress, since } from './stats.js';

/** The corpus vectors, row i = memory i. */
export interface CorpusVectors {
  n: number;
  dim: number;
  data: Float32Array;
  /** Seconds it took to compute them (this run or the run that filled the cache). */
  computeSeconds: number;
  fromCache: boolean;
}

/** Passages/s of `embedder.embedPassages` on `count` corpus texts (after a warm-up batch). */
export async function measureEmbeddingRate(embedder: EmbeddingProvider, seed: number, count: number): Promise<{ texts: number; seconds: number; perSecond: number }> {
  const texts = Array.from({ length: count }, (_, i) => memoryAt(seed + 1, i).content);
  await embedder.embedPassages(texts.slice(0, 32));
  const t = performance.now();
  await embedder.embedPassages(texts);
  const seconds = since(t) / 1000;
  return { texts: count, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(count / seconds) };
}

function cachePaths(root: string, embedder: EmbeddingProvider, seed: number, n: number) {
  const base = join(root, '.cache/bench', `vectors-${embedder.modelName}-${embedder.modelVersion}-s${seed}-n${n}`);
  return { bin: `${base}.f32`, meta: `${base}.json` };
}

function textsDigest(seed: number, n: number): string {
  const h = createHash('sha256');
  for (let i = 0; i < n; i++) h.update(memoryAt(seed, i).content).update('\n');
  return h.digest('hex');
}

/** A cached file for the same model and seed holding at least `n` vectors (its first n rows are ours). */
function readCache(root: string, embedder: EmbeddingProvider, seed: number, n: number): CorpusVectors | undefined {
  const dir = join(root, '.cache/bench');
  if (!existsSync(dir)) return undefined;
  const prefix = `vectors-${embedder.modelName}-${embedder.modelVersion}-s${seed}-n`;
  const sizes = readdirSync(dir)
    .map((f) => (f.startsWith(prefix) && f.endsWith('.json') ? Number(f.slice(prefix.length, -5)) : Number.NaN))
    .filter((m) => m >= n)
    .sort((a, b) => a - b);
  for (const m of sizes) {
    const paths = cachePaths(root, embedder, seed, m);
    if (!existsSync(paths.bin)) continue;
    const meta = JSON.parse(readFileSync(paths.meta, 'utf8')) as { digest: string; dim: number; computeSeconds: number };
    if (meta.digest !== textsDigest(seed, m)) continue;
    const buf = readFileSync(paths.bin);
    const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
    if (all.length !== m * meta.dim) continue;
    return { n, dim: meta.dim, data: all.subarray(0, n * meta.dim), computeSeconds: Math.round((meta.computeSeconds * n) / m), fromCache: true };
  }
  return undefined;
}

/** Vectors of corpus memories [0, n): from the cache when it matches, else computed and cached. */
export async function corpusVectors(root: string, embedder: EmbeddingProvider, seed: number, n: number): Promise<CorpusVectors> {
  const cached = readCache(root, embedder, seed, n);
  if (cached) return cached;
  const paths = cachePaths(root, embedder, seed, n);
  const digest = textsDigest(seed, n);
  mkdirSync(dirname(paths.bin), { recursive: true });
  const dim = embedder.dimension;
  const data = new Float32Array(n * dim);
  const t = performance.now();
  const chunk = 2048;
  for (let from = 0; from < n; from += chunk) {
    const texts = Array.from({ length: Math.min(chunk, n - from) }, (_, k) => memoryAt(seed, from + k).content);
    const vecs = await embedder.embedPassages(texts);
    vecs.forEach((v, k) => data.set(v, (from + k) * dim));
    progress(`  embedded ${Math.min(n, from + chunk)}/${n} corpus texts (${Math.round((from + texts.length) / (since(t) / 1000))}/s)`);
  }
  const computeSeconds = Math.round(since(t) / 100) / 10;
  const tmp = `${paths.bin}.tmp`;
  const fd = openSync(tmp, 'w');
  writeSync(fd, new Uint8Array(data.buffer));
  closeSync(fd);
  renameSync(tmp, paths.bin);
  writeFileSync(paths.meta, JSON.stringify({ digest, dim, n, seed, model: embedder.modelName, version: embedder.modelVersion, computeSeconds }));
  return { n, dim, data, computeSeconds, fromCache: false };
}

/**
 * LATENCY RUNS ONLY (`bench:retrieve --synthetic-vectors K`): the first K corpus texts get real
 * vectors (computed or cached), every later memory i a real one, that of memory i mod K, plus
 * seeded Gaussian noise (σ per component), normalised — the way fill-vectors-pglite.mjs fills an
 * embedded store. The HNSW graph then has the size of a real one (it depends on rows, dimension
 * and m) and clusters like the templated corpus does, without the hours 100k real vectors take
 * on a shared 2-core VM. Search QUALITY on such vectors means nothing; every report says so.
 */
export async function syntheticCorpusVectors(root: string, embedder: EmbeddingProvider, seed: number, n: number, real: number, sigma = 0.02): Promise<CorpusVectors> {
  const base = await corpusVectors(root, embedder, seed, Math.min(n, real));
  if (n <= base.n) return base;
  const dim = base.dim;
  const data = new Float32Array(n * dim);
  data.set(base.data);
  let state = (seed * 2654435761) >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / 4294967297;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  for (let i = base.n; i < n; i++) {
    const from = (i % base.n) * dim;
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const v = (base.data[from + d] as number) + sigma * gauss();
      data[i * dim + d] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    for (let d = 0; d < dim; d++) data[i * dim + d] = (data[i * dim + d] as number) / norm;
  }
  return { n, dim, data, computeSeconds: base.computeSeconds, fromCache: base.fromCache };
}

/** A PassageEmbedder answering from the corpus vectors; unknown texts go to the real model. */
export function cachedPassageEmbedder(embedder: EmbeddingProvider, vectors: CorpusVectors, seed: number): PassageEmbedder & { misses: () => number } {
  const index = new Map<string, number>();
  for (let i = 0; i < vectors.n; i++) index.set(memoryAt(seed, i).content, i);
  let misses = 0;
  return {
    modelName: embedder.modelName,
    modelVersion: embedder.modelVersion,
    misses: () => misses,
    async embedPassages(texts: string[]): Promise<Float32Array[]> {
      const unknown = texts.filter((t) => !index.has(t));
      misses += unknown.length;
      const computed = unknown.length ? await embedder.embedPassages(unknown) : [];
      let u = 0;
      return texts.map((t) => {
        const i = index.get(t);
        return i === undefined ? (computed[u++] as Float32Array) : vectors.data.subarray(i * vectors.dim, (i + 1) * vectors.dim);
      });
    },
  };
}
