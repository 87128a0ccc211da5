// The inputs of issue 36 for `npm run bench:event-loop`: each is sent once and answers a short
// status (HTTP code and error name, or the tool's code). T3-19: bodies whose shape is refused
// before parsing (they held the loop 1.1-3.5 s); T3-23: inputs that answered INTERNAL_ERROR or
// "not valid JSON"; and the largest metadata the limits accept, which must not stall either.
import type { McpSession } from './conversations/mcp-session.js';

export interface BoundaryInput {
  name: string;
  /** Sends the input; resolves to a short status for the table. */
  send(session: McpSession): Promise<string>;
}

const PRD = '0f8fad5b-d9cb-469f-a165-70867728950e';

function toolCall(name: string, argumentsJson: string): string {
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`;
}

/** POSTs a raw body to /mcp (no session needed: the body is measured before the transport sees it). */
async function raw(session: McpSession, body: string): Promise<string> {
  const res = await fetch(new URL('/mcp', session.baseUrl), {
    method: 'POST', body,
    headers: { ...session.authHeaders, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  const text = await res.text();
  return `HTTP ${res.status} ${/JSON_[A-Z_]+/.exec(text)?.[0] ?? text.slice(0, 40)}`;
}

/** Calls a tool through the client; the tool's error code, or "ok". */
async function tool(session: McpSession, name: string, args: Record<string, unknown>): Promise<string> {
  const r = await session.call(name, args);
  if (!r.isError) return 'ok';
  return String(r.structured?.code ?? (/Input validation error/.test(r.text) ? 'validation error' : r.text.slice(0, 40)));
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',');

export const BOUNDARY_INPUTS: BoundaryInput[] = [
  { name: 'T3-19 start_thinking metadata of 40,000 keys', send: (s) => raw(s, toolCall('start_thinking', `{"query":"q","metadata":{${keys(40_000)}}}`)) },
  {
    name: 'T3-19 events.ingest metadata of 40,000 keys',
    send: (s) => raw(s, toolCall('events.ingest', `{"events":[{"session_id":"s","ts":"2026-11-28T06:00:00Z","kind":"note","text":"t","metadata":{${keys(40_000)}}}]}`)),
  },
  { name: 'T3-19 an array of 120,000 items', send: (s) => raw(s, toolCall('events.ingest', `{"events":[${Array.from({ length: 120_000 }, () => '0').join(',')}]}`)) },
  { name: 'T3-19 start_thinking metadata of 1,000 keys (the limit: accepted)', send: (s) => tool(s, 'start_thinking', { query: 'the largest metadata accepted', metadata: JSON.parse(`{${keys(1_000)}}`) as Record<string, unknown> }) },
  { name: 'T3-23 prd_event detail nested 5,000 deep', send: (s) => raw(s, toolCall('prd_event', `{"prd_id":"${PRD}","type":"test_passed","summary":"deep","detail":${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}}`)) },
  { name: 'T3-23 prd_event detail with a lone surrogate', send: (s) => tool(s, 'prd_event', { prd_id: PRD, type: 'test_passed', summary: 's', detail: { note: 'broken \uD83D' } }) },
  { name: 'T3-23 prd_decision reason with a lone high surrogate', send: (s) => tool(s, 'prd_decision', { prd_id: PRD, decision: 'd', reason: 'x \uD800 y' }) },
  { name: 'T3-23 prd_decision reason with a lone low surrogate', send: (s) => tool(s, 'prd_decision', { prd_id: PRD, decision: 'd', reason: 'x \uDC00 y' }) },
  { name: 'T3-23 start_thinking metadata with a lone surrogate', send: (s) => tool(s, 'start_thinking', { query: 'q', metadata: { k: '\uDBFF' } }) },
  { name: 'T3-23 toc.node version 2^31', send: (s) => tool(s, 'toc.node', { node_id: 'year:2026', version: 2 ** 31 }) },
  { name: 'T3-23 events.ingest ts in year 0000', send: (s) => tool(s, 'events.ingest', { events: [{ session_id: 's', ts: '0000-06-01T00:00:00Z', kind: 'note', text: 'old' }] }) },
  { name: 'T3-23 a valid body with a __proto__ key', send: (s) => raw(s, toolCall('start_thinking', '{"query":"q","metadata":{"__proto__":{"admin":true}}}')) },
];
