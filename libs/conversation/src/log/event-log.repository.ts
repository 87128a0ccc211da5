import { sql, type Selectable } from 'kysely';
import { EventNotFoundError } from '../errors.js';
import type { ConversationEventsTable } from './conversation-tables.js';
import type { ConversationDb } from '../conversation-database.js';
import { decodeLogCursor, encodeLogCursor } from './event-cursor.js';
import type { ConversationEvent, ConversationEventKind, NewConversationEvent } from './event-model.js';
import { assertValidEvents } from './event-validation.js';
import { claimOutbox, completeOutbox, type OutboxEntry } from './outbox.repository.js';
import { checkLimit } from './page-limit.js';
import { redactSensitive } from '@engram/memory';

/*
 * The append-only conversation log (seed 002 STOR-01, ING-03..05). One repository handed a kysely
 * handle; no UPDATE or DELETE of events exists here, and the service role could not run one.
 */

/** Rows per INSERT: 10 parameters each keeps a statement well under Postgres' 65535 limit. */
const CHUNK = 500;
/** Rows per INSERT when the caller watches progress: ten steps for a full batch of 1000. */
const PROGRESS_CHUNK = 100;

/**
 * Told how many distinct events of the batch are written so far, out of how many. Only a report:
 * the batch stays all-or-nothing, and `written === total` comes only once it is committed.
 */
export type AppendProgress = (written: number, total: number) => void | Promise<void>;

export interface RangeQuery {
  project: string;
  /** Inclusive lower bound on source time. */
  from?: Date;
  /** Exclusive upper bound on source time. */
  to?: Date;
  limit: number;
  cursor?: string;
}

export interface AppendResult {
  inserted: number;
  duplicates: number;
  /** The ids that were new, in batch order (the rest were already stored or repeated in the batch). */
  insertedIds: string[];
}

/** One page of the log: `nextCursor` is null on the last page. */
export interface EventPage {
  events: ConversationEvent[];
  nextCursor: string | null;
}

/** The append-only conversation log of one database: no update or delete of an event exists. */
export interface EventLog {
  /** Appends a batch atomically; duplicates are counted and left untouched. `onProgress` only reports. */
  append(events: NewConversationEvent[], onProgress?: AppendProgress): Promise<AppendResult>;
  /** Events of one project in source-time order (ts, seq), keyset-paginated. */
  range(q: RangeQuery): Promise<EventPage>;
  /** The event and up to `before`/`after` neighbours of its project; EventNotFoundError when unknown. */
  around(eventId: string, opts: { before: number; after: number }): Promise<ConversationEvent[]>;
  /** The events with these ids, in log order (source time, then ingestion order). */
  byIds(eventIds: readonly string[]): Promise<ConversationEvent[]>;
  /** Number of events stored for a project (status, tests). */
  count(project: string): Promise<number>;
  /** Leases up to `limit` unprocessed outbox rows, oldest first (at-least-once; see claimOutbox). */
  claimOutbox(limit: number, leaseMs?: number): Promise<OutboxEntry[]>;
  /** Marks claimed outbox rows done; completing twice is harmless. */
  completeOutbox(ids: number[]): Promise<void>;
}

function toEvent(r: Selectable<ConversationEventsTable>): ConversationEvent {
  return {
    eventId: r.event_id, project: r.project, agent: r.agent, sessionId: r.session_id, ts: new Date(r.ts), seq: Number(r.seq),
    kind: r.kind as ConversationEventKind, role: r.role, text: r.text,
    metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, unknown>, tokens: r.tokens,
  };
}


/**
 * Appends one chunk of new-to-this-batch events through engram_append_conversation_events, which
 * writes the outbox rows of those that were new in the SAME statement (ING-05) and checks each
 * project is a scope; the service login has no INSERT on the log itself (issue 17). One round
 * trip per chunk. Returns the ids that were new.
 */
async function insertChunk(db: ConversationDb, chunk: NewConversationEvent[]): Promise<string[]> {
  const rows = chunk.map((e) => ({
    event_id: e.eventId, project: e.project, agent: e.agent, session_id: e.sessionId, ts: e.ts.toISOString(), kind: e.kind, role: e.role,
    // Ungated text: secrets and personal data are redacted, never refused (issue 17).
    text: redactSensitive(e.text), metadata: redactSensitive(e.metadata ?? {}), tokens: e.tokens,
  }));
  const { rows: inserted } = await sql<{ event_id: string }>`
    SELECT engram_append_conversation_events(${JSON.stringify(rows)}::jsonb) AS event_id`.execute(db);
  return inserted.map((r) => r.event_id);
}

/**
 * Two deliveries of the same events in different orders take the unique-key locks in opposite
 * orders, and Postgres breaks the tie by aborting one (40P01, seen under CI load). The aborted
 * statement wrote nothing, so running it again is safe: it then finds the other delivery's rows.
 * Batch order is kept (it orders events of equal time), so the retry is the fix, not a sort.
 */
async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      if (i >= attempts || (err as { code?: unknown }).code !== '40P01') throw err;
    }
  }
}

/** Appends a batch atomically: new events and their outbox rows, duplicates counted and untouched. */
async function append(db: ConversationDb, events: NewConversationEvent[], onProgress?: AppendProgress): Promise<AppendResult> {
  // A retried transaction reports its chunks again: only progress beyond what was sent goes out.
  let sent = 0;
  const forward: AppendProgress | undefined = onProgress && (async (done, total) => {
    if (done <= sent) return;
    sent = done;
    await onProgress(done, total);
  });
  return retryingDeadlocks(() => appendOnce(db, events, forward));
}

async function appendOnce(db: ConversationDb, events: NewConversationEvent[], onProgress?: AppendProgress): Promise<AppendResult> {
  assertValidEvents(events);
  const seen = new Set<string>();
  const unique = events.filter((e) => (seen.has(e.eventId) ? false : (seen.add(e.eventId), true)));
  if (unique.length === 0) return { inserted: 0, duplicates: events.length, insertedIds: [] };
  const newIds = new Set<string>();
  const chunk = onProgress ? PROGRESS_CHUNK : CHUNK;
  if (unique.length <= chunk) {
    for (const id of await insertChunk(db, unique)) newIds.add(id);
  } else {
    // A larger batch is still all-or-nothing: its chunks share one transaction.
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < unique.length; i += chunk) {
        for (const id of await insertChunk(trx, unique.slice(i, i + chunk))) newIds.add(id);
        // The last chunk is reported after the commit, so `total` means durable.
        if (i + chunk < unique.length) await onProgress?.(i + chunk, unique.length);
      }
    });
  }
  await onProgress?.(unique.length, unique.length);
  const insertedIds = unique.map((e) => e.eventId).filter((id) => newIds.has(id));
  return { inserted: insertedIds.length, duplicates: events.length - insertedIds.length, insertedIds };
}

/** Events of one project in source-time order (ts, seq), keyset-paginated. */
async function range(db: ConversationDb, q: RangeQuery): Promise<EventPage> {
  const limit = checkLimit(q.limit, 'limit');
  const after = q.cursor ? decodeLogCursor(q.cursor) : undefined;
  const rows = await db
    .selectFrom('conversation_events')
    .selectAll()
    .where('project', '=', q.project)
    .$if(q.from !== undefined, (b) => b.where('ts', '>=', q.from as Date))
    .$if(q.to !== undefined, (b) => b.where('ts', '<', q.to as Date))
    .$if(after !== undefined, (b) => b.where(sql<boolean>`(ts, seq) > (${after!.ts.toISOString()}::timestamptz, ${after!.seq}::bigint)`))
    .orderBy('ts')
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  const events = rows.slice(0, limit).map(toEvent);
  const last = events.at(-1);
  return { events, nextCursor: rows.length > limit && last ? encodeLogCursor(last) : null };
}

/** The event and up to `before`/`after` neighbours of the same project, in source-time order. */
async function around(db: ConversationDb, eventId: string, opts: { before: number; after: number }): Promise<ConversationEvent[]> {
  const pivotRow = await db.selectFrom('conversation_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  if (!pivotRow) throw new EventNotFoundError(eventId);
  const pivot = toEvent(pivotRow);
  const side = async (op: '<' | '>', n: number) => {
    if (n === 0) return [];
    const dir = op === '<' ? 'desc' : 'asc';
    return db
      .selectFrom('conversation_events')
      .selectAll()
      .where('project', '=', pivot.project)
      .where(sql<boolean>`(ts, seq) ${sql.raw(op)} (${pivot.ts.toISOString()}::timestamptz, ${pivot.seq}::bigint)`)
      .orderBy('ts', dir)
      .orderBy('seq', dir)
      .limit(n)
      .execute();
  };
  const [prev, next] = await Promise.all([side('<', checkLimit(opts.before, 'before')), side('>', checkLimit(opts.after, 'after'))]);
  return [...prev.reverse().map(toEvent), pivot, ...next.map(toEvent)];
}

/** The events with these ids, in log order (source time, then ingestion order). */
async function byIds(db: ConversationDb, eventIds: readonly string[]): Promise<ConversationEvent[]> {
  if (eventIds.length === 0) return [];
  const rows = await db.selectFrom('conversation_events').selectAll().where('event_id', 'in', [...eventIds]).orderBy('ts').orderBy('seq').execute();
  return rows.map(toEvent);
}

async function count(db: ConversationDb, project: string): Promise<number> {
  const row = await db.selectFrom('conversation_events').select((eb) => eb.fn.countAll().as('n')).where('project', '=', project).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The append-only log over one kysely handle (or transaction). */
export function createEventLog(db: ConversationDb): EventLog {
  return {
    append: (events, onProgress) => append(db, events, onProgress),
    range: (q) => range(db, q),
    around: (eventId, opts) => around(db, eventId, opts),
    byIds: (eventIds) => byIds(db, eventIds),
    count: (project) => count(db, project),
    claimOutbox: (limit, leaseMs) => claimOutbox(db, limit, leaseMs),
    completeOutbox: (ids) => completeOutbox(db, ids),
  };
}
