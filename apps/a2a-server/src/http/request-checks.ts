import { resolveSkillRequest } from '../skills/resolve-skill-request.js';
import { legacyRestMessage, unsupportedContent } from './message-parts.js';

/*
 * Checks the SDK does not make, applied to the parsed body before it sees the request, so a bad
 * request gets a protocol error and never becomes a task (issue 4): an empty or missing `parts`,
 * an unknown skill or invalid skill input, a negative `historyLength`; and (issue 18) the JSON-RPC
 * envelope first, parts of a media type engram cannot read, v0.3 HTTP+JSON's `message.content`.
 */

/** What is wrong, in protocol terms: the envelope (-32600), the params (-32602) or a part's media type (-32005). */
export interface RequestProblem {
  kind: 'envelope' | 'params' | 'content-type';
  message: string;
}

const SEND_METHODS = new Set(['SendMessage', 'SendStreamingMessage', 'message/send', 'message/stream']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const params = (message: string): RequestProblem => ({ kind: 'params', message });

/** Why a send request's params cannot run, or undefined when they can. `legacyRest`: a v0.3 HTTP+JSON body. */
export function sendProblem(body: Record<string, unknown>, legacyRest = false): RequestProblem | undefined {
  let message = body.message;
  if (!isObject(message)) return params('params.message is required');
  if (legacyRest) {
    const converted = legacyRestMessage(message);
    if ('problem' in converted) return params(converted.problem);
    message = converted.message;
  }
  const parts = (message as Record<string, unknown>).parts;
  if (!Array.isArray(parts) || parts.length === 0) return params('message.parts must be a non-empty array');
  const content = unsupportedContent(parts);
  if (content) return { kind: 'content-type', message: content };
  const resolved = resolveSkillRequest(message);
  return resolved.ok ? undefined : params(resolved.message);
}

/** A negative `historyLength` in params or in `params.configuration`. */
export function historyProblem(p: Record<string, unknown>): RequestProblem | undefined {
  const values = [p.historyLength, p.history_length, isObject(p.configuration) ? p.configuration.historyLength : undefined];
  const bad = values.find((v) => v !== undefined && v !== null && !(Number.isInteger(Number(v)) && Number(v) >= 0));
  return bad === undefined ? undefined : params(`historyLength must be a non-negative integer (got ${JSON.stringify(bad)})`);
}

const validId = (id: unknown) => id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/** JSON-RPC 2.0's Request object rules, checked before anything in params (an invalid request is -32600 whatever its params). */
export function envelopeProblem(body: Record<string, unknown>): RequestProblem | undefined {
  const invalid = (message: string): RequestProblem => ({ kind: 'envelope', message: `Invalid Request: ${message}` });
  if (body.jsonrpc !== '2.0') return invalid('jsonrpc must be exactly "2.0"');
  if (typeof body.method !== 'string' || body.method.length === 0) return invalid('method must be a non-empty string');
  if ('id' in body && !validId(body.id)) return invalid('id must be a string, a number or null');
  if ('params' in body && !isObject(body.params) && !Array.isArray(body.params)) return invalid('params must be an object');
  return undefined;
}

/** The id to answer a JSON-RPC body with: its own when valid, else null (JSON-RPC 2.0 section 5). */
export function responseIdOf(body: unknown): unknown {
  return isObject(body) && validId(body.id) ? body.id : null;
}

/** The problem with one JSON-RPC request body (single request; batches are left to the SDK). */
export function jsonRpcProblem(body: unknown): RequestProblem | undefined {
  if (!isObject(body)) return undefined;
  const envelope = envelopeProblem(body);
  if (envelope) return envelope;
  const p = isObject(body.params) ? body.params : {};
  return historyProblem(p) ?? (SEND_METHODS.has(body.method as string) ? sendProblem(p) : undefined);
}

/** The problem with one REST request: send bodies (v1.0 `/message:send`, v0.3 `/v1/message:send`) and query strings. */
export function restProblem(
  req: { method: string; path: string; body: unknown; query: Record<string, unknown> }, legacy: boolean,
): RequestProblem | undefined {
  const history = historyProblem(req.query);
  if (history) return history;
  if (req.method !== 'POST' || !/\/message:(send|stream)$/.test(req.path)) return undefined;
  return sendProblem(isObject(req.body) ? req.body : {}, legacy);
}
