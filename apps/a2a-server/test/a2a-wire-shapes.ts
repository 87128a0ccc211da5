// Raw wire shapes of one send over each binding and protocol version (issue 18's conformance tests):
// the SDK clients validate and normalise client-side, so the edge cases go over plain HTTP.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

export type Binding = 'jsonrpc' | 'rest';
export type Version = '1.0' | '0.3';
export const COMBINATIONS: [Binding, Version][] = [['jsonrpc', '1.0'], ['jsonrpc', '0.3'], ['rest', '1.0'], ['rest', '0.3']];

/** A neutral part description, written in each wire shape by {@link wirePart}. */
export type PartSpec = { text: string } | { data: Record<string, unknown> } | { file: { uri: string; mediaType: string } };

export function wirePart(spec: PartSpec, binding: Binding, version: Version): Record<string, unknown> {
  if ('text' in spec) return version === '0.3' && binding === 'jsonrpc' ? { kind: 'text', text: spec.text } : { text: spec.text };
  if ('data' in spec) {
    if (version === '1.0') return { data: spec.data };
    return binding === 'jsonrpc' ? { kind: 'data', data: spec.data } : { data: { data: spec.data } };
  }
  if (version === '1.0') return { url: spec.file.uri, mediaType: spec.file.mediaType, filename: 'f' };
  return binding === 'jsonrpc' ? { kind: 'file', file: { uri: spec.file.uri, mimeType: spec.file.mediaType } } : { file: { fileWithUri: spec.file.uri, mimeType: spec.file.mediaType } };
}

/** The send request's path, headers and body for one binding and version. */
export function sendRequest(binding: Binding, version: Version, parts: PartSpec[]): { path: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const headers: Record<string, string> = version === '1.0' ? { 'A2A-Version': '1.0' } : {};
  const wire = parts.map((p) => wirePart(p, binding, version));
  const message = version === '1.0'
    ? { messageId: randomUUID(), role: 'ROLE_USER', parts: wire }
    : binding === 'jsonrpc' ? { kind: 'message', messageId: randomUUID(), role: 'user', parts: wire } : { messageId: randomUUID(), role: 'ROLE_USER', content: wire };
  if (binding === 'rest') return { path: version === '1.0' ? '/a2a/rest/message:send' : '/a2a/rest/v1/message:send', headers, body: { message } };
  return { path: '/a2a/jsonrpc', headers, body: { jsonrpc: '2.0', id: 1, method: version === '1.0' ? 'SendMessage' : 'message/send', params: { message } } };
}

export interface RawResponse {
  status: number;
  body: any;
}

/** A POST with full control of the headers (Host included), answered as parsed JSON. */
export function rawPost(baseUrl: string, path: string, headers: Record<string, string>, body: string): Promise<RawResponse> {
  return rawCall('POST', baseUrl, path, headers, body);
}

export function rawCall(method: string, baseUrl: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The task state of a send's answer in any of the four shapes, normalised to `completed`, `failed`, ... */
export function stateOf(body: any): string | undefined {
  const task = body?.result?.task ?? body?.result ?? body?.task ?? body;
  const state = task?.status?.state as string | undefined;
  return state?.toLowerCase().replace(/^task_state_/, '').replace(/_/g, '-');
}

/** The error code of a send's answer: JSON-RPC `error.code`, REST `error.code` is the HTTP status, so the reason from details. */
export function errorOf(res: RawResponse): { rpc?: number; status: number; reason?: string; message?: string } {
  const error = res.body?.error;
  return { rpc: typeof error?.code === 'number' && error.code < 0 ? error.code : undefined, status: res.status, reason: error?.details?.[0]?.reason, message: error?.message };
}
