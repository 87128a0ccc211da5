import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { GateRequestNotFoundError, LibrarianError, GateRequestNotPendingError, LibrarianFailedError, LibrarianUnavailableError } from '../errors.js';
import type { WireError } from './wire.js';

/** How a server reaches its librarian. */
export interface LibrarianAddress {
  socketPath: string;
  key: string;
  /** How long one call may take before it is given up (the librarian may still finish it). Default 60 s. */
  timeoutMs?: number;
}

/** Connection errors that prove the request never reached the librarian: safe to try again. */
const NOT_SENT = new Set(['ENOENT', 'ECONNREFUSED', 'EAGAIN']);
/** A librarian restarting takes a moment: a call waits this long in all for it before failing. */
const CONNECT_BACKOFF_MS = [100, 300, 600, 1000];

/**
 * POSTs JSON to the librarian over its Unix socket, reusing connections (keep-alive, so a write
 * costs no connect). Retries only when the connection was refused or the socket is missing,
 * where nothing was sent; a call that reached the librarian is never sent twice.
 */
export class LibrarianSocketClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });

  constructor(private readonly address: LibrarianAddress) {}

  /** Resolves when the librarian answers its health route with this key; throws LibrarianUnavailableError otherwise. Never retried. */
  async ping(): Promise<void> {
    try {
      await this.once('GET', '/health', '');
    } catch (err) {
      throw this.unreachable(err);
    }
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const payload = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>('POST', path, payload);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (!code || !NOT_SENT.has(code) || attempt >= CONNECT_BACKOFF_MS.length) throw this.unreachable(err);
        await sleep(CONNECT_BACKOFF_MS[attempt]);
      }
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private once<T>(method: 'GET' | 'POST', path: string, payload: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const req = request({
        socketPath: this.address.socketPath, path, method, agent: this.agent, timeout: this.address.timeoutMs ?? 60_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${this.address.key}` },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            const json = JSON.parse(text) as { error?: WireError } & T;
            if (json.error) reject(remoteError(res.statusCode ?? 500, json.error));
            else resolve(json);
          } catch {
            reject(new LibrarianFailedError(`the librarian answered ${res.statusCode} with a body that is not JSON`));
          }
        });
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      req.on('error', reject);
      req.end(payload);
    });
  }

  private unreachable(err: unknown): Error {
    if (err instanceof LibrarianError) return err;
    const reason = err instanceof Error ? err.message : String(err);
    return new LibrarianUnavailableError(
      `the librarian at ${this.address.socketPath} did not answer (${reason}); nothing was acknowledged: ` +
        'start it with `engram librarian` (docs/runbook.md, "The librarian") and retry',
    );
  }
}

/** The error a librarian's refusal stands for, with the same class and code as in its own process. */
function remoteError(status: number, e: WireError): Error {
  if (e.code === 'GATE_REQUEST_NOT_FOUND') return new GateRequestNotFoundError(e.requestId ?? '');
  if (e.code === 'GATE_REQUEST_NOT_PENDING') return new GateRequestNotPendingError(e.requestId ?? '', e.status ?? 'decided');
  if (e.code === 'LIBRARIAN_UNAVAILABLE') return new LibrarianUnavailableError(e.message);
  return new LibrarianFailedError(`the librarian answered ${status} ${e.code}: ${e.message}`);
}
