import { MAX_INGEST_BATCH } from '@engram/agents';
import { CONVERSATION_EVENT_KINDS, MAX_EVENT_ID_LENGTH, MAX_EVENT_TEXT_LENGTH } from '@engram/conversation';
import { z } from 'zod';
import { isoDate, scopeField } from './schemas.js';
import { defineTool } from './tool-definition.js';

const eventSchema = z.object({
  event_id: z.string().min(1).max(MAX_EVENT_ID_LENGTH).optional()
    .describe('Idempotency key: re-sending an event with the same id stores it once. Derived from the event content when absent.'),
  session_id: z.string().min(1).max(200).describe('The agent session the event belongs to.'),
  ts: isoDate.describe('SOURCE time (ISO-8601 with offset): when it happened, not when it is sent. Orders the log.'),
  kind: z.enum(CONVERSATION_EVENT_KINDS).describe(`Event kind: ${CONVERSATION_EVENT_KINDS.join(', ')}.`),
  role: z.string().min(1).max(40).optional().describe('user, assistant, tool or system (default by kind).'),
  text: z.string().max(MAX_EVENT_TEXT_LENGTH).describe(`The event's text: the message, tool call or tool result (at most ${MAX_EVENT_TEXT_LENGTH} characters).`),
  agent: z.string().min(1).max(100).optional().describe('Which agent produced it (default: the session\'s client).'),
  project: scopeField.describe('Project scope (default: the session scope).'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Arbitrary JSON metadata stored with the event.'),
}).strict();

/** events.ingest (seed 002 ING-01): append a batch of conversation events to the log. */
export const eventsIngestTool = defineTool({
  name: 'events.ingest',
  title: 'Ingest conversation events',
  description:
    `Append up to ${MAX_INGEST_BATCH} conversation events (user/assistant messages, tool calls and results, session start/end) ` +
    'to the append-only conversation log of a project. Source timestamps are kept and order the log; events with an event_id ' +
    'already stored are counted as duplicates and change nothing. A malformed batch is refused whole: nothing is written. ' +
    'With a progressToken, notifications/progress report the distinct events processed (every 100); progress reaches total once committed.',
  readOnly: false,
  uses: 'conversation',
  inputSchema: z.object({
    events: z.array(eventSchema).min(1).max(MAX_INGEST_BATCH).describe(`The events to append (1-${MAX_INGEST_BATCH}).`),
  }).strict(),
  async handler(input, { service, ctx, onProgress }) {
    const r = await service.conversation.ingest({
      events: input.events.map((e) => ({
        sessionId: e.session_id, ts: e.ts, kind: e.kind, text: e.text,
        ...(e.event_id !== undefined ? { eventId: e.event_id } : {}),
        ...(e.role !== undefined ? { role: e.role } : {}),
        ...(e.agent !== undefined ? { agent: e.agent } : {}),
        ...(e.project !== undefined ? { project: e.project } : {}),
        ...(e.metadata !== undefined ? { metadata: e.metadata } : {}),
      })),
    }, ctx, onProgress ? { onProgress } : {});
    return {
      structured: { inserted: r.inserted, duplicates: r.duplicates, event_ids: r.eventIds },
      text: `ingested ${r.inserted} event(s), ${r.duplicates} duplicate(s)`,
    };
  },
});
