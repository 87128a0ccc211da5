import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { dbLogger } from '../../logger.js';
import { pgliteMemoryFrom, pgliteStartParams, type PgliteMemorySettings } from '../pglite-memory.js';
import { PGLITE_WORKER_KIND, type PgliteWorkerData, type PgliteWorkerReply, type PgliteWorkerRequest } from './pglite.worker.js';

const STOP_GRACE_MS = 5_000;
/** Beyond the grace period: PGlite's close (a checkpoint) must finish, but never hang shutdown. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * The worker entry next to this module: `pglite.worker.js` beside a bundle (tools/build/build.mjs
 * emits it next to main.js), `pglite.worker.ts` when running from source (jest).
 */
export function pgliteWorkerUrl(): URL {
  const candidates = ['./pglite.worker.js', './pglite.worker.ts'].map((p) => new URL(p, import.meta.url));
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (found === undefined) {
    throw new Error(`the embedded database worker is missing (looked for ${candidates.map((u) => fileURLToPath(u)).join(', ')}); `
      + 'a bundle must emit libs/infra/src/db/embedded/pglite.worker.ts as "pglite.worker.js" beside its main file');
  }
  return found;
}

/** Node's WebAssembly global, typed here: its declarations come with the DOM lib, which the packages do not load. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PgliteWorkerData['pgliteWasmModule']>> } }).WebAssembly;

let compiled: Promise<Pick<PgliteWorkerData, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/**
 * PGlite's two WebAssembly modules, compiled once per process and handed to every engine worker
 * (a compiled module crosses threads without a copy), so a new worker, e.g. a fresh in-memory
 * database per test, does not read and compile 9 MB again. Empty when they cannot be found: the
 * worker then loads them itself.
 */
function compiledModules(): Promise<Pick<PgliteWorkerData, 'pgliteWasmModule' | 'initdbWasmModule'>> {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) => wasm.compile(await readFile(path.join(dist, file)))),
    );
    return { pgliteWasmModule, initdbWasmModule };
  })().catch((error: unknown) => {
    dbLogger.debug('PGlite modules not precompiled; the engine worker loads them', { error: String(error) });
    return {};
  });
  return compiled;
}

/** Options of {@link startPgliteHost}. */
export interface PgliteHostOptions {
  /** The data directory; absent: in memory. */
  dataDir?: string;
  /** The unix socket the worker serves. */
  socketPath: string;
  memory?: PgliteMemorySettings;
  /** Called once if the worker dies without being asked to stop (the socket is gone with it). */
  onCrash?: (error: Error) => void;
}

/** A PGlite engine running in its own thread, serving `socketPath`. */
export interface PgliteHost {
  /** Stops serving (the active client may finish its turn), closes PGlite, ends the thread. */
  stop(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread serving the socket, and resolves once it accepts connections
 * (rejects with the engine's own message when it cannot open). The worker keeps the process
 * alive until `stop()`, as the socket server did when it ran on the main thread.
 */
export async function startPgliteHost(opts: PgliteHostOptions): Promise<PgliteHost> {
  const workerData: PgliteWorkerData = {
    kind: PGLITE_WORKER_KIND,
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    startParams: pgliteStartParams(opts.memory ?? pgliteMemoryFrom(process.env)),
    socketPath: opts.socketPath,
    ...(await compiledModules()),
  };
  const worker = new Worker(pgliteWorkerUrl(), { workerData });
  let stopping = false;
  let exited = false;
  const exit = new Promise<number>((resolve) => worker.once('exit', (code) => {
    exited = true;
    resolve(code);
  }));
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (reply: PgliteWorkerReply) => {
      if (reply.type === 'log') dbLogger[reply.level](reply.message, reply.error === undefined ? {} : { error: reply.error });
      else if (reply.type === 'stopped') resolve();
    });
  });
  worker.on('error', (error) => dbLogger.error('embedded database worker failed', { error: String(error) }));

  await new Promise<void>((resolve, reject) => {
    const onMessage = (reply: PgliteWorkerReply) => {
      if (reply.type === 'ready') done(resolve);
      else if (reply.type === 'failed') done(() => reject(new Error(reply.message)));
    };
    const onError = (error: Error) => done(() => reject(error));
    const onExit = (code: number) => done(() => reject(new Error(`the embedded database worker exited with code ${code} while starting`)));
    const done = (then: () => void) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      then();
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  void exit.then((code) => {
    if (!stopping) opts.onCrash?.(new Error(`the embedded database worker exited unexpectedly (code ${code})`));
  });

  return {
    async stop() {
      if (stopping) return exit.then(() => undefined);
      stopping = true;
      if (exited) return;
      worker.postMessage({ type: 'stop', graceMs: STOP_GRACE_MS } satisfies PgliteWorkerRequest);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
      const outcome = await Promise.race([stopped.then(() => 'stopped' as const), exit.then(() => 'exited' as const), timeout]);
      if (outcome === 'timeout') dbLogger.error('embedded database worker did not stop in time; terminating it');
      await worker.terminate();
    },
  };
}
