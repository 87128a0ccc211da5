import { InvalidEventError } from '../errors.js';
import { isConversationEventKind } from '../log/event-model.js';
import { MAX_EVENT_ID_LENGTH, MAX_EVENT_TEXT_LENGTH } from '../log/event-validation.js';
import type { IngestEventInput } from './ingest-input.js';

/** Keys a wire event may carry (the same snake_case shape as the events.ingest MCP tool). */
const KEYS = new Set(['event_id', 'session_id', 'ts', 'kind', 'role', 'text', 'agent', 'project', 'metadata']);
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function str(o: Record<string, unknown>, key: string, where: string, required: boolean, max = 10_000): string | undefined {
  const v = o[key];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || (required && v.length === 0) || v.length > max) {
    throw new InvalidEventError(`${where}: "${key}" must be ${required ? 'a non-empty' : 'a'} string of at most ${max} characters`);
  }
  return v;
}

/**
 * One event of a JSONL backfill (`engram events import`), strictly checked: unknown keys, a
 * missing or offset-less source time, an unknown kind are errors naming the line.
 */
export function parseWireEvent(raw: unknown, where: string): IngestEventInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidEventError(`${where}: expected a JSON object`);
  const o = raw as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KEYS.has(k));
  if (unknown.length) throw new InvalidEventError(`${where}: unknown key(s) ${unknown.join(', ')}`);
  const ts = str(o, 'ts', where, true)!;
  if (!ISO_WITH_OFFSET.test(ts) || Number.isNaN(Date.parse(ts))) throw new InvalidEventError(`${where}: ts "${ts}" must be an ISO-8601 time with offset`);
  const kind = str(o, 'kind', where, true)!;
  if (!isConversationEventKind(kind)) throw new InvalidEventError(`${where}: unknown kind "${kind}"`);
  const metadata = o['metadata'];
  if (metadata !== undefined && (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))) throw new InvalidEventError(`${where}: metadata must be an object`);
  const text = o['text'];
  if (typeof text !== 'string' || text.length > MAX_EVENT_TEXT_LENGTH) throw new InvalidEventError(`${where}: "text" must be a string of at most ${MAX_EVENT_TEXT_LENGTH} characters`);
  const optional = (key: string, max?: number) => str(o, key, where, false, max);
  const eventId = optional('event_id', MAX_EVENT_ID_LENGTH);
  const role = optional('role', 40);
  const agent = optional('agent', 100);
  const project = optional('project', 512);
  return {
    sessionId: str(o, 'session_id', where, true, 200)!, ts, kind, text,
    ...(eventId ? { eventId } : {}), ...(role ? { role } : {}), ...(agent ? { agent } : {}), ...(project ? { project } : {}),
    ...(metadata ? { metadata: metadata as Record<string, unknown> } : {}),
  };
}
