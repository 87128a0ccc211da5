import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';
import { dbLogger } from '../../logger.js';

/*
 * Serves one PGlite over a unix socket to several processes, ONE CLIENT CONNECTION AT A TIME.
 * pglite-socket 0.2's own server multiplexes the messages of all connections onto PGlite's single
 * session message by message, so an extended-protocol Parse/Bind of one client can land between
 * another client's messages, and a transaction is only protected once BEGIN has run. Here a
 * connection waits (accepted, unanswered) until the previous one has closed; clients keep their
 * pools at one connection with a short idle timeout so that every process gets its turn.
 */

/** The subset of pglite-socket's queue manager that PGLiteSocketHandler calls. */
class SerialProtocolQueue {
  private tail: Promise<unknown> = Promise.resolve();
  closed = false;
  constructor(private readonly pglite: PGlite) {}

  enqueue(_handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
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

export async function startTurnServer(pglite: PGlite, socketPath: string): Promise<TurnServer> {
  const queue = new SerialProtocolQueue(pglite);
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  let active: net.Socket | undefined;
  let stopped = false;

  const next = async (): Promise<void> => {
    if (active) return;
    let socket: net.Socket | undefined;
    while ((socket = waiting.shift()) && socket.destroyed) {
      /* skip clients that gave up while waiting */
    }
    if (!socket || stopped) return;
    active = socket;
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    const done = () => {
      if (active !== socket || stopped) return;
      queue
        .rollbackIfNeeded()
        .catch((error: unknown) => dbLogger.error('embedded database: rollback after disconnect failed', { error }))
        .finally(() => {
          active = undefined;
          void next();
        });
    };
    handler.addEventListener('close', done);
    handler.addEventListener('error', done);
    await handler.attach(socket);
  };

  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', (error) => dbLogger.debug('embedded client socket error', { error }));
    waiting.push(socket);
    void next();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    async stop(graceMs = 5_000) {
      stopped = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients still waiting for a turn reconnect and take over; the active one may finish
      // its transaction (its pool closes the idle connection within ~100 ms).
      for (const socket of waiting.splice(0)) socket.destroy();
      const current = active;
      if (current && !current.destroyed) {
        await Promise.race([
          new Promise<void>((resolve) => current.once('close', () => resolve())),
          new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      for (const socket of open) socket.destroy();
      await closed;
      await queue.idle(); // PGlite may only close once no message is in flight
      queue.closed = true;
    },
  };
}
