import { resolveSkillRequest } from '../skills/resolve-skill-request.js';

/*
 * Checks the SDK does not make, applied to the parsed body before it sees the request, so a bad
 * request gets a protocol error and never becomes a task (issue 4): an empty or missing `parts`,
 * an unknown skill or invalid skill input, a negative `historyLength`.
 */

const SEND_METHODS = new Set(['SendMessage', 'SendStreamingMessage', 'message/send', 'message/stream']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a send request's params cannot run, or undefined when they can. */
export function sendProblem(params: Record<string, unknown>): string | undefined {
  const message = params.message;
  if (!isObject(message)) return 'params.message is required';
  if (!Array.isArray(message.parts) || message.parts.length === 0) return 'message.parts must be a non-empty array';
  const resolved = resolveSkillRequest(message);
  return resolved.ok ? undefined : resolved.message;
}

/** A negative `historyLength` in params or in `params.configuration`. */
export function historyProblem(params: Record<string, unknown>): string | undefined {
  const values = [params.historyLength, params.history_length, isObject(params.configuration) ? params.configuration.historyLength : undefined];
  const bad = values.find((v) => v !== undefined && v !== null && !(Number.isInteger(Number(v)) && Number(v) >= 0));
  return bad === undefined ? undefined : `historyLength must be a non-negative integer (got ${JSON.stringify(bad)})`;
}

/** The problem with one JSON-RPC request body (single request; batches are left to the SDK). */
export function jsonRpcProblem(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.method !== 'string') return undefined;
  const params = isObject(body.params) ? body.params : {};
  return historyProblem(params) ?? (SEND_METHODS.has(body.method) ? sendProblem(params) : undefined);
}

/** The problem with one REST request: send bodies (v1.0 `/message:send`, v0.3 `/v1/message:send`) and query strings. */
export function restProblem(method: string, path: string, body: unknown, query: Record<string, unknown>): string | undefined {
  const history = historyProblem(query);
  if (history) return history;
  if (method !== 'POST' || !/\/message:(send|stream)$/.test(path)) return undefined;
  return sendProblem(isObject(body) ? body : {});
}
