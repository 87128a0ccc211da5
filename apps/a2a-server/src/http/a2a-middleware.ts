import { timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { jsonRpcProblem, restProblem } from './request-checks.js';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, sendProtocolError, type Binding } from './protocol-errors.js';

/** The access settings of the A2A endpoints. */
export interface A2aAccess {
  /** Undefined only when auth is off (the loopback-only conformance switch). */
  apiKey: string | undefined;
  maxBodyBytes: number;
}

function keyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Bearer API key on every A2A endpoint but the card: missing or wrong → 401 in the binding's shape. */
export function requireBearer(binding: Binding, apiKey: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (apiKey === undefined) return next();
    const m = /^Bearer\s+(.+)$/i.exec(req.header('authorization') ?? '');
    if (m && keyMatches(m[1] as string, apiKey)) return next();
    sendProtocolError(res, binding, 401, INVALID_REQUEST, m ? 'Unauthorized: invalid API key' : 'Unauthorized: missing Authorization: Bearer <API key>');
  };
}

/** JSON bodies (application/json or application/a2a+json) up to the configured size. */
export function parseJsonBody(maxBodyBytes: number): RequestHandler {
  return express.json({ limit: maxBodyBytes, strict: false, type: ['application/json', 'application/a2a+json'] });
}

export function validateJsonRpc(): RequestHandler {
  return (req, res, next) => {
    const problem = jsonRpcProblem(req.body);
    if (!problem) return next();
    sendProtocolError(res, 'jsonrpc', 200, INVALID_PARAMS, problem, (req.body as { id?: unknown }).id);
  };
}

export function validateRest(): RequestHandler {
  return (req, res, next) => {
    const problem = restProblem(req.method, req.path, req.body, req.query as Record<string, unknown>);
    if (!problem) return next();
    sendProtocolError(res, 'rest', 400, INVALID_PARAMS, problem);
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
    if (err.type === 'entity.parse.failed') return sendProtocolError(res, binding, 400, PARSE_ERROR, 'Invalid JSON payload.');
    if (err.status && err.status >= 400 && err.status < 500) return sendProtocolError(res, binding, err.status, INVALID_REQUEST, err.message ?? 'bad request');
    log(`A2A request failed: ${err.message ?? String(err)}`);
    sendProtocolError(res, binding, 500, INTERNAL_ERROR, 'internal error; see the server log');
  };
}
