import {
  ConversationError, createEventLog, toNewEvent, type AppendResult, type ConversationDb, type ConversationMode, type EventLog, type IngestEventInput,
  type NewConversationEvent,
} from '@engram/conversation';
import { InvalidEventError } from '@engram/memory';
import { InvalidInputError } from '../errors.js';
import type { ProgressOptions } from '../progress.js';
import { resolveWriteScope, type CallContext } from '../scope-context.js';

/** The most events one ingest call takes (larger backfills: `engram events import`, which batches). */
export const MAX_INGEST_BATCH = 1000;

export interface ConversationDeps {
  db: ConversationDb;
  /** STOR-06: one log per project with agent tags, or one per project and agent. */
  mode: ConversationMode;
}

export interface IngestInput {
  events: IngestEventInput[];
}

export interface IngestResult {
  inserted: number;
  duplicates: number;
  /** The id of every event of the batch, in order (derived ones included). */
  eventIds: string[];
}

/** An agent tag for events whose caller names none: the actor without its transport prefix. */
function agentOf(ctx: CallContext): string {
  const i = ctx.actor.indexOf(':');
  return i >= 0 ? ctx.actor.slice(i + 1) || ctx.actor : ctx.actor;
}

/** Conversation errors are input errors at this boundary (one code map in each app). */
function asInputError(error: unknown): never {
  if (error instanceof ConversationError || error instanceof InvalidEventError) throw new InvalidInputError(error.message);
  throw error;
}

/**
 * Conversation ingestion (SPEC 6, seed 002 ING-01..05): batches of events with their source
 * timestamps into the append-only log. The whole batch is validated before anything is written;
 * duplicates (same event id) are counted and change nothing.
 */
export function createConversationUseCases(deps: ConversationDeps): ConversationUseCases {
  const log: EventLog = createEventLog(deps.db);
  const prepare = (input: IngestInput, ctx: CallContext): NewConversationEvent[] => {
    if (input.events.length > MAX_INGEST_BATCH) throw new InvalidInputError(`at most ${MAX_INGEST_BATCH} events per call, got ${input.events.length}`);
    return input.events.map((e, i) =>
      toNewEvent(e, { project: resolveWriteScope(e.project, ctx), agent: e.agent ?? agentOf(ctx), mode: deps.mode }, i));
  };
  return {
    mode: deps.mode,
    /** `options.onProgress` hears the distinct events written so far (the batch stays all-or-nothing). */
    async ingest(input: IngestInput, ctx: CallContext, options: ProgressOptions = {}): Promise<IngestResult> {
      try {
        const events = prepare(input, ctx);
        const { onProgress } = options;
        const r = await log.append(events, onProgress && ((written, total) => onProgress(written, total, written === total ? `${total} event(s) processed and committed` : `${written} of ${total} event(s) processed, not yet committed`)));
        return { inserted: r.inserted, duplicates: r.duplicates, eventIds: events.map((e) => e.eventId) };
      } catch (error) {
        return asInputError(error);
      }
    },
    /** Delivers already-mapped events (the hook spool drained at server start). */
    appendMapped: (events: NewConversationEvent[]) => log.append(events),
    log,
  };
}

/** Conversation memory (SPEC 6): ingest into the append-only event log, and the log itself. */
export interface ConversationUseCases {
  /** Multi-agent mode of the log (STOR-06). */
  readonly mode: ConversationMode;
  /** `options.onProgress` hears the distinct events written so far (the batch stays all-or-nothing). */
  ingest(input: IngestInput, ctx: CallContext, options?: ProgressOptions): Promise<IngestResult>;
  /** Delivers already-mapped events (the hook spool drained at server start). */
  appendMapped(events: NewConversationEvent[]): Promise<AppendResult>;
  readonly log: EventLog;
}
