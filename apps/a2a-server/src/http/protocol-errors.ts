import { A2A_ERROR_CODE } from '@a2a-js/sdk/errors';
import type { Response } from 'express';

/*
 * Errors answered before the SDK sees a request, in each binding's own error shape: JSON-RPC
 * error objects for the JSON-RPC endpoint, the google.rpc-style `{ error: { code, status, message } }`
 * the SDK's REST binding uses. Never an HTML or framework error page.
 */
export type Binding = 'jsonrpc' | 'rest';

const REST_STATUS: Record<number, string> = {
  200: 'OK', 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 413: 'INVALID_ARGUMENT', 415: 'INVALID_ARGUMENT', 500: 'INTERNAL',
};

/** google.rpc.ErrorInfo reasons of the A2A errors engram answers itself (the SDK's own carry theirs). */
const REASONS: Record<number, string> = { [A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED]: 'CONTENT_TYPE_NOT_SUPPORTED' };

export function sendProtocolError(res: Response, binding: Binding, http: number, rpcCode: number, message: string, id: unknown = null): void {
  if (http === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="engram"');
  res.status(http);
  if (binding === 'jsonrpc') {
    res.json({ jsonrpc: '2.0', id: id ?? null, error: { code: rpcCode, message } });
  } else {
    const reason = REASONS[rpcCode];
    const details = reason ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' }] : [];
    res.json({ error: { code: http, status: REST_STATUS[http] ?? 'UNKNOWN', message, details } });
  }
}

export const INVALID_PARAMS = A2A_ERROR_CODE.INVALID_PARAMS;
export const INVALID_REQUEST = A2A_ERROR_CODE.INVALID_REQUEST;
export const PARSE_ERROR = A2A_ERROR_CODE.PARSE_ERROR;
export const INTERNAL_ERROR = A2A_ERROR_CODE.INTERNAL_ERROR;
export const CONTENT_TYPE_NOT_SUPPORTED = A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED;
