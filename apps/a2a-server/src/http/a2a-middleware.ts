import { bearerOf, safeEqual } from '@engram/agents';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { JsonLimitError, parseLimitedJson } from '@engram/memory';
import { jsonRpcProblem, responseIdOf, restProblem, type RequestProblem } from './request-checks.js';
import {
  CONTENT_TYPE_NOT_SUPPORTED, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, sendProtocolError, type Binding,
} from './protocol-errors.js';

/** The access settings of the A2A endpoints. */
export interface A2aAccess {
  /** Undefined only when auth is off (the loopback-only conformance switch). */
  apiKey: string | undefined;
  maxBodyBytes: number;
}

/** Whether an Authorization header carries the API key as a Bearer token. */
export function bearerMatches(authorization: string, apiKey: string): boolean {
  const token = bearerOf(authorization);
  return token !== undefined && safeEqual(token, apiKey);
}

/** An identity from `engram keys` (ADR-0027): its actor and scopes, attached to the request for the task's user. */
export interface KeyCaller {
  actor: string;
  allowedScopes?: string[];
}

/** How a Bearer token that is not the shared key is checked (the runtime's key verifier). */
export type VerifyKey = (token: string) => Promise<KeyCaller | null>;

const CALLER = Symbol('engram.caller');

/** The key identity requireBearer attached, if the caller used a key from `engram keys`. */
export function keyCallerOf(req: object): KeyCaller | undefined {
  return (req as { [CALLER]?: KeyCaller })[CALLER];
}

/**
 * Bearer API key on every A2A endpoint but the card: the shared ENGRAM_API_KEY or an active key
 * from `engram keys add`; missing or wrong → 401 in the binding's shape.
 */
export function requireBearer(binding: Binding, apiKey: string | undefined, verify: VerifyKey = async () => null): RequestHandler {
  return (req, res, next) => {
    if (apiKey === undefined) return next();
    const token = bearerOf(req.header('authorization'));
    if (token !== undefined && safeEqual(token, apiKey)) return next();
    const refuse = () => sendProtocolError(res, binding, 401, INVALID_REQUEST, token !== undefined ? 'Unauthorized: invalid API key' : 'Unauthorized: missing Authorization: Bearer <API key>');
    if (token === undefined) return refuse();
    verify(token).then((caller) => {
      if (!caller) return refuse();
      (req as { [CALLER]?: KeyCaller })[CALLER] = caller;
      next();
    }, () => refuse());
  };
}

/**
 * JSON bodies (application/json or application/a2a+json) up to the configured size, their shape
 * (nesting, keys, items, values) checked on the raw text before JSON.parse (issue 36 T3-19). An
 * empty body is `{}`, as express.json made it.
 */
export function parseJsonBody(maxBodyBytes: number): RequestHandler[] {
  const text = express.text({ limit: maxBodyBytes, type: ['application/json', 'application/a2a+json'], defaultCharset: 'utf-8' });
  const parse: RequestHandler = (req, _res, next) => {
    if (typeof req.body !== 'string') return next();
    try {
      req.body = req.body.trim() === '' ? {} : parseLimitedJson(req.body);
    } catch (error) {
      return next(error);
    }
    next();
  };
  return [text, parse];
}

/** JSON-RPC code and REST status of each kind of problem (A2A v1.0 section 5.4 and the v0.3 REST mapping). */
const ANSWER: Record<RequestProblem['kind'], { rpc: number; http: number }> = {
  envelope: { rpc: INVALID_REQUEST, http: 400 },
  params: { rpc: INVALID_PARAMS, http: 400 },
  'content-type': { rpc: CONTENT_TYPE_NOT_SUPPORTED, http: 415 },
};

export function validateJsonRpc(): RequestHandler {
  return (req, res, next) => {
    const problem = jsonRpcProblem(req.body);
    if (!problem) return next();
    sendProtocolError(res, 'jsonrpc', 200, ANSWER[problem.kind].rpc, problem.message, responseIdOf(req.body));
  };
}

/** v0.3 callers send no A2A-Version header (or 0.x); their REST paths start with /v1/. */
function isLegacyRest(req: Request): boolean {
  const version = req.header('a2a-version') ?? '0.3';
  return version.startsWith('0.') && req.path.startsWith('/v1/');
}

export function validateRest(): RequestHandler {
  return (req, res, next) => {
    const problem = restProblem({ method: req.method, path: req.path, body: req.body, query: req.query as Record<string, unknown> }, isLegacyRest(req));
    if (!problem) return next();
    sendProtocolError(res, 'rest', ANSWER[problem.kind].http, ANSWER[problem.kind].rpc, problem.message);
  };
}

const JSON_MEDIA_TYPES = new Set(['application/json', 'application/a2a+json']);

/**
 * A body the bindings cannot parse (`text/plain`, a form) is ContentTypeNotSupported: 415 on REST,
 * -32005 on JSON-RPC. Checked before the body parser and the params checks, which would otherwise
 * see an empty body and answer "message is required".
 */
export function requireJsonBody(binding: Binding): RequestHandler {
  return (req, res, next) => {
    const raw = req.header('content-type');
    const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
    if (!hasBody || raw === undefined || JSON_MEDIA_TYPES.has(raw.split(';', 1)[0]!.trim().toLowerCase())) return next();
    const message = `Unsupported Content-Type "${raw}": send application/json${binding === 'rest' ? ' or application/a2a+json' : ''}`;
    sendProtocolError(res, binding, binding === 'rest' ? 415 : 200, CONTENT_TYPE_NOT_SUPPORTED, message);
  };
}

/**
 * The last express handler: body-parser errors (too large, malformed JSON) and anything else that
 * escaped the SDK become protocol errors instead of express's HTML page.
 */
export function protocolErrorHandler(restPrefix: string, log: (m: string) => void): ErrorRequestHandler {
  return (err: { type?: string; status?: number; message?: string }, req, res, _next) => {
    const binding: Binding = req.originalUrl.startsWith(restPrefix) ? 'rest' : 'jsonrpc';
    if (res.headersSent) return void res.end();
    if (err.type === 'entity.too.large') return sendProtocolError(res, binding, 413, INVALID_REQUEST, `request body too large (limit ${String((err as { limit?: number }).limit)} bytes)`);
    if (err instanceof JsonLimitError) {
      // The body's shape or a __proto__ key, named (issue 36); broken syntax keeps its old answer.
      if (err.code === 'JSON_INVALID') return sendProtocolError(res, binding, 400, PARSE_ERROR, 'Invalid JSON payload.');
      return sendProtocolError(res, binding, 400, INVALID_REQUEST, err.message);
    }
    if (err.type === 'entity.parse.failed') return sendProtocolError(res, binding, 400, PARSE_ERROR, 'Invalid JSON payload.');
    if (err.status && err.status >= 400 && err.status < 500) return sendProtocolError(res, binding, err.status, INVALID_REQUEST, err.message ?? 'bad request');
    log(`A2A request failed: ${err.message ?? String(err)}`);
    sendProtocolError(res, binding, 500, INTERNAL_ERROR, 'internal error; see the server log');
  };
}
