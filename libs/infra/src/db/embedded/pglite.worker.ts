// The embedded database's engine, off the main thread (issue 17, ADR-0035). A worker thread owns
// the PGlite instance and serves it on a unix socket, one client connection at a time (ADR-0003);
// every process, the one that started this worker included, queries through that socket with
// `pg`. PGlite runs Postgres in WebAssembly on the thread that calls it, so here a 256 KB
// `to_tsvector` or a GIN insert holds this worker's loop, not the one that answers requests.
// @NOTE This module imports only packages, no sibling files: under jest the worker is started from
// this .ts file by Node's own type stripping, which does not map `./x.js` imports to `.ts`. Keep
// it to erasable TypeScript syntax (no enums, no parameter properties) for the same reason.
import { chmodSync } from 'node:fs';
import net from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/** Marks workerData so that importing this module elsewhere never starts a server. */
export const PGLITE_WORKER_KIND = 'engram-pglite-worker';

/** What the main thread hands the worker; plain data so it crosses the thread boundary. */
export interface PgliteWorkerData {
  readonly kind: typeof PGLITE_WORKER_KIND;
  /** The data directory; absent means in memory (tests, throwaway tools). */
  readonly dataDir?: string;
  /** Postgres start parameters (PGlite's defaults plus the memory bounds of ADR-0032). */
  readonly startParams: string[];
  /** The unix socket to serve (`<dir>/.s.PGSQL.5432`). */
  readonly socketPath: string;
  /** PGlite's modules compiled by the main thread once per process; absent: PGlite loads them. */
  // Named through PGlite's own options: the WebAssembly global's types come with the DOM lib, which
  // the published packages do not load (tools/build/pack-libs.mjs compiles with types: node only).
  readonly pgliteWasmModule?: PGliteOptions['pgliteWasmModule'];
  readonly initdbWasmModule?: PGliteOptions['initdbWasmModule'];
}

export type PgliteWorkerRequest = { type: 'stop'; graceMs: number };
export type PgliteWorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'log'; level: 'debug' | 'warn' | 'error'; message: string; error?: string }
  | { type: 'stopped' };

type Log = (level: 'debug' | 'warn' | 'error', message: string, error?: unknown) => void;

/*
 * Serves one PGlite over a unix socket to several processes, ONE CLIENT CONNECTION AT A TIME.
 * pglite-socket 0.2's own server multiplexes the messages of all connections onto PGlite's single
 * session message by message, so an extended-protocol Parse/Bind of one client can land between
 * another client's messages, and a transaction is only protected once BEGIN has run. Here a
 * connection waits (accepted, unanswered) until the previous one has closed; clients keep their
 * pools at one connection with a short idle timeout so that every process gets its turn.
 *
 * No client may keep the turn by saying nothing (issue 36 T3-18: one idle psql froze every tool
 * call and /health until it disconnected). A connection joins the queue only once it has sent its
 * first bytes, and the holder of the turn is disconnected when others wait and it has been quiet
 * IDLE_TURN_MS outside a transaction (engram's own pools let go after 100 ms) or HOLD_IDLE_MS
 * inside one (its transaction is rolled back).
 */

/** Quiet time outside a transaction after which a holder loses the turn to a waiting client. */
export const IDLE_TURN_MS = 1_000;
/** Quiet time inside a transaction after which a holder is disconnected, if others wait. */
export const HOLD_IDLE_MS = 5_000;
const WATCH_INTERVAL_MS = 100;

/** The subset of pglite-socket's queue manager that PGLiteSocketHandler calls. */
class SerialProtocolQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly pglite: PGlite;
  private inFlight = 0;
  private lastDone = Date.now();
  closed = false;
  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  /** How long no message has been queued or run (0 while one is). */
  quietFor(since: number): number {
    return this.inFlight > 0 ? 0 : Date.now() - Math.max(since, this.lastDone);
  }

  inTransaction(): boolean {
    return !this.closed && this.pglite.isInTransaction();
  }

  enqueue(_handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    this.inFlight++;
    return this.run(async () => {
      let bytes = 0;
      await this.pglite.runExclusive(() =>
        this.pglite.execProtocolRawStream(message, {
          onRawData: (data) => {
            bytes += data.length;
            onData(data);
          },
        }),
      );
      return bytes;
    }).finally(() => {
      this.inFlight--;
      this.lastDone = Date.now();
    });
  }

  clearQueueForHandler(): void {}

  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  async clearTransactionIfNeeded(): Promise<void> {
    await this.rollbackIfNeeded();
  }

  /** A client that vanished mid-transaction must not leave it open for the next one. */
  rollbackIfNeeded(): Promise<void> {
    return this.run(async () => {
      if (!this.closed && this.pglite.isInTransaction()) await this.pglite.exec('ROLLBACK');
    });
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/** A running socket server; `stop()` closes every connection and the listener. */
export interface TurnServer {
  /** Stops listening, lets the active client finish (at most `graceMs`), drops the others. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Disconnects the holder of the turn when others wait and it has been quiet too long: IDLE_TURN_MS
 * outside a transaction, HOLD_IDLE_MS inside one. Returns the timer (unref'd) to clear on stop.
 */
function watchHolder(
  queue: SerialProtocolQueue, state: () => { holder: net.Socket | undefined; quietSince: number; othersWait: boolean }, log: Log,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    const { holder, quietSince, othersWait } = state();
    if (!holder || holder.destroyed || !othersWait) return;
    const inTransaction = queue.inTransaction();
    const limit = inTransaction ? HOLD_IDLE_MS : IDLE_TURN_MS;
    if (queue.quietFor(quietSince) <= limit) return;
    log(inTransaction ? 'warn' : 'debug', `embedded database: a client ${inTransaction ? 'in a transaction ' : ''}was quiet ${limit} ms while others waited; disconnected`);
    holder.destroy();
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return timer;
}

/** Calls `then` once the client has sent its first bytes (the startup packet), kept for the handler. */
function onFirstBytes(socket: net.Socket, then: () => void): void {
  socket.once('data', (first: Buffer) => {
    socket.pause();
    socket.unshift(first);
    then();
  });
}

/** Listens on the unix socket, 0600: only this user's processes may connect (issue 36 T3-18), whatever the umask. */
async function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
}

export async function startTurnServer(pglite: PGlite, socketPath: string, log: Log): Promise<TurnServer> {
  const queue = new SerialProtocolQueue(pglite);
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let active: net.Socket | undefined;
  let activeSince = Date.now(); // the holder's last bytes (or when it got the turn)
  let stopped = false;

  const next = async (): Promise<void> => {
    if (active) return;
    let socket: net.Socket | undefined;
    while ((socket = waiting.shift()) && socket.destroyed) {
      /* skip clients that gave up while waiting */
    }
    if (!socket || stopped) return;
    active = socket;
    activeSince = Date.now();
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    const done = () => {
      if (active !== socket || stopped) return;
      queue
        .rollbackIfNeeded()
        .catch((error: unknown) => log('error', 'embedded database: rollback after disconnect failed', error))
        .finally(() => {
          active = undefined;
          void next();
        });
    };
    handler.addEventListener('close', done);
    handler.addEventListener('error', done);
    await handler.attach(socket);
    socket.on('data', () => {
      if (active === socket) activeSince = Date.now();
    });
    socket.resume(); // paused when its first bytes arrived
  };

  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', (error) => log('debug', 'embedded client socket error', error));
    onFirstBytes(socket, () => {
      waiting.push(socket);
      void next();
    });
  });
  const watch = watchHolder(queue, () => ({ holder: active, quietSince: activeSince, othersWait: waiting.some((w) => !w.destroyed) }), log);
  await listenPrivately(server, socketPath);
  return {
    async stop(graceMs = 5_000) {
      stopped = true;
      clearInterval(watch);
      await closeAll({ server, waiting, open, active, queue }, graceMs);
    },
  };
}

/**
 * Stops listening. Clients still waiting for a turn reconnect and take over; the active one may
 * finish its transaction (its pool closes the idle connection within ~100 ms), at most `graceMs`.
 */
async function closeAll(
  s: { server: net.Server; waiting: net.Socket[]; open: Set<net.Socket>; active: net.Socket | undefined; queue: SerialProtocolQueue }, graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => s.server.close(() => resolve()));
  for (const socket of s.waiting.splice(0)) socket.destroy();
  const current = s.active;
  if (current && !current.destroyed) {
    await Promise.race([
      new Promise<void>((resolve) => current.once('close', () => resolve())),
      new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }
  for (const socket of s.open) socket.destroy();
  await closed;
  await s.queue.idle(); // PGlite may only close once no message is in flight
  s.queue.closed = true;
}

/** Opens PGlite, serves it, and closes both when the main thread says stop. */
async function serve(port: MessagePort, data: PgliteWorkerData): Promise<void> {
  const reply = (message: PgliteWorkerReply) => port.postMessage(message);
  const log: Log = (level, message, error) => reply({ type: 'log', level, message, ...(error === undefined ? {} : { error: String(error) }) });
  let pglite: PGlite | undefined;
  let server: TurnServer;
  try {
    pglite = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.pgliteWasmModule && data.initdbWasmModule ? { pgliteWasmModule: data.pgliteWasmModule, initdbWasmModule: data.initdbWasmModule } : {}),
      // btree_gin: keyword search's (scope, search_tsv) index (ADR-0062).
      extensions: { vector, btree_gin },
      startParams: data.startParams,
    });
    server = await startTurnServer(pglite, data.socketPath, log);
  } catch (error) {
    await pglite?.close().catch(() => {});
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    port.close();
    return;
  }
  const engine = pglite;
  port.on('message', (request: PgliteWorkerRequest) => {
    if (request.type !== 'stop') return;
    void (async () => {
      try {
        await server.stop(request.graceMs);
        await engine.close();
      } catch (error) {
        log('error', 'embedded database: closing failed', error);
      }
      reply({ type: 'stopped' });
      port.close(); // nothing is left to keep this thread alive: it exits
    })();
  });
  reply({ type: 'ready' });
}

const data = workerData as Partial<PgliteWorkerData> | null;
if (!isMainThread && parentPort !== null && data?.kind === PGLITE_WORKER_KIND && data.socketPath !== undefined) {
  void serve(parentPort, data as PgliteWorkerData);
}
