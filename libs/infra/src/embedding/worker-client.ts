import { Worker } from 'node:worker_threads';
import type { EmbeddingEngine, EngineConfig, WorkerReply, WorkerRequest } from './embedding.worker.js';
import { EMBEDDING_WORKER_KIND } from './embedding.worker.js';
import { EmbeddingFailedError } from './errors.js';

const CLOSE_TIMEOUT_MS = 5000;

interface Pending {
  resolve(data: Float32Array): void;
  reject(error: Error): void;
}

/**
 * EmbeddingEngine proxy that runs the real engine in a worker thread, so tokenisation and
 * inference never block the event loop that serves MCP/A2A requests.
 */
export class WorkerEngineClient implements EmbeddingEngine {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | undefined;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.onReply(reply));
    worker.on('error', (error) => this.fail(new EmbeddingFailedError(`embedding worker crashed: ${error.message}`)));
    worker.on('exit', (code) => {
      if (!this.closed) this.fail(new EmbeddingFailedError(`embedding worker exited with code ${code}`));
    });
    // The process may exit while the worker idles; ref() is taken again while requests are in flight.
    worker.unref();
  }

  /** Starts the worker and resolves once the model is loaded (or rejects with the load error). */
  static async start(workerUrl: URL, config: EngineConfig): Promise<WorkerEngineClient> {
    const worker = new Worker(workerUrl, { workerData: { kind: EMBEDDING_WORKER_KIND, config } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: WorkerReply): void => {
        if (reply.type !== 'ready' && reply.type !== 'failed') return;
        cleanup();
        if (reply.type === 'ready') resolve();
        else reject(new EmbeddingFailedError(`embedding model failed to load: ${reply.message}`));
      };
      const onError = (error: Error): void => {
        cleanup();
        reject(new EmbeddingFailedError(`embedding worker failed to start: ${error.message}`));
      };
      const cleanup = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new WorkerEngineClient(worker);
  }

  embed(texts: readonly string[]): Promise<Float32Array> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new EmbeddingFailedError('embedding provider is closed'));
    const id = this.nextId++;
    const request: WorkerRequest = { type: 'embed', id, texts: [...texts] };
    const result = new Promise<Float32Array>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage(request);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.failure === undefined) {
      const done = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
      this.worker.ref();
      this.worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      // Queued requests finish first (the worker serves in order), then the worker exits by itself;
      // the timeout only guards against a native thread pool that keeps it alive.
      await Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
    }
    await this.worker.terminate();
  }

  private onReply(reply: WorkerReply): void {
    if (reply.type !== 'result' && reply.type !== 'error') return;
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && !this.closed) this.worker.unref();
    if (reply.type === 'result') pending.resolve(reply.data);
    else pending.reject(new EmbeddingFailedError(`embedding failed: ${reply.message}`));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
