import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Gate } from '../gate.service.js';
import { GateRequestNotFoundError, GateRequestNotPendingError, LibrarianError } from '../errors.js';
import { keyMatches, keyProblem } from './socket-key.js';
import { ROUTES, type GateName, type Route, type WireError } from './wire.js';

/** Options of {@link startLibrarianServer}. */
export interface LibrarianServerOptions {
  /** The gates this process decides with, under the librarian's login. */
  gates: Readonly<Record<GateName, Gate>>;
  /** Path of the Unix socket to listen on; its file is made 0600. */
  socketPath: string;
  /** The shared secret every client presents as `Authorization: Bearer <key>`. */
  key: string;
  /** Largest request body; a write request is far smaller (Layer 1 caps its content). Default 4 MiB. */
  maxBodyBytes?: number;
  log?: (message: string) => void;
}

/** A running librarian socket. */
export interface LibrarianServer {
  readonly socketPath: string;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

/**
 * The librarian's side of the split (ADR-0047): an HTTP server on a Unix socket that admits,
 * judges and settles the write requests the servers hand it, with the gates of this process and
 * so under the librarian's database login. Every request must carry the key; anything else is
 * answered 401 before its body is read. Requests run concurrently, so the gate's group commit
 * batches writes from all the servers. Node's timeouts close a client that sends nothing, so an
 * idle or slow connection holds one socket, never the process.
 */
export async function startLibrarianServer(options: LibrarianServerOptions): Promise<LibrarianServer> {
  const problem = keyProblem(options.key);
  if (problem) throw new Error(problem);
  const log = options.log ?? (() => undefined);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const server = createServer({ requestTimeout: 120_000, headersTimeout: 10_000, keepAliveTimeout: 10_000 }, (req, res) => {
    handle(req, res, options, maxBody).catch((err: unknown) => {
      log(`librarian: request failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      answer(res, 500, { error: { code: 'LIBRARIAN_FAILED', message: 'the librarian failed on this request; see its log' } });
    });
  });
  await removeStaleSocket(options.socketPath);
  await listen(server, options.socketPath);
  chmodSync(options.socketPath, 0o600);
  return {
    socketPath: options.socketPath,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: LibrarianServerOptions, maxBody: number): Promise<void> {
  const auth = req.headers.authorization;
  if (!keyMatches(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, options.key)) {
    return refuse(res, 401, 'LIBRARIAN_UNAVAILABLE', 'the librarian refused the key: give this process the same ENGRAM_LIBRARIAN_KEY as the librarian');
  }
  if (req.method === 'GET' && req.url === '/health') return answer(res, 200, { status: 'ok' });
  const route = req.url as Route;
  if (req.method !== 'POST' || !(route in ROUTES)) return refuse(res, 404, 'INVALID_INPUT', `no route ${req.method} ${req.url}`);
  const text = await readBody(req, maxBody);
  if (text === undefined) {
    res.setHeader('connection', 'close');
    return refuse(res, 413, 'TOO_LARGE', `the request body exceeds ${maxBody} bytes`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(res, 400, 'INVALID_INPUT', 'the request body is not JSON');
  }
  const parsed = ROUTES[route].safeParse(json);
  if (!parsed.success) return refuse(res, 400, 'INVALID_INPUT', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  try {
    answer(res, 200, await dispatch(route, parsed.data, options.gates));
  } catch (err) {
    if (err instanceof GateRequestNotPendingError) return answer(res, 409, { error: { code: err.code, message: err.message, requestId: err.requestId, status: err.status } });
    if (err instanceof GateRequestNotFoundError) return answer(res, 404, { error: { code: err.code, message: err.message, requestId: err.requestId } });
    if (err instanceof LibrarianError) return refuse(res, 409, err.code, err.message);
    throw err;
  }
}

async function dispatch(route: Route, body: any, gates: LibrarianServerOptions['gates']): Promise<unknown> {
  const gate = gates[body.gate as GateName];
  switch (route) {
    case '/submit': return { outcome: await gate.submit(body.request, body.actor) };
    case '/submit-batch': return { outcomes: await gate.submitBatch(body.requests, body.actor) };
    case '/approve': return { outcome: await gate.approve(body.id, body.reviewer, body.note) };
    case '/reject': return { outcome: await gate.reject(body.id, body.reviewer, body.reason) };
    case '/approve-all': return { outcomes: await gate.approveAll(body.filter, body.reviewer) };
  }
}

/** The body as text, or undefined once it passes `max` bytes (the rest is not buffered). */
function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        // Stop reading; the 413 answer closes the connection (no rest of the body is buffered).
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  answer(res, status, { error: { code, message } satisfies WireError });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * A socket file left by a librarian that died is removed; one a live librarian answers on is not
 * (two librarians on one socket would be an operator's mistake worth stopping for).
 */
async function removeStaleSocket(path: string): Promise<void> {
  if (!existsSync(path)) return;
  const live = await new Promise<boolean>((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (live) throw new Error(`another librarian already listens on ${path}`);
  unlinkSync(path);
}
