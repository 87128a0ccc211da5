import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createTypeRegistry, isUuid, type NewRecordInput } from '@engram/memory';
import type { CommitAudit } from '../src/commit/commit-statement.js';
import { createRecordWriter, type RecordWriter } from '../src/commit/record.writer.js';

export const registry = createTypeRegistry();

/** An audit for direct writer tests (the gate normally supplies it). */
export function audit(reason = 'test write'): CommitAudit {
  return { requestId: randomUUID(), reason, decision: 'ADD', policyMatched: 'test' };
}

/** A new-record input with sensible defaults. */
export function newRecord(overrides: Partial<NewRecordInput> = {}): NewRecordInput {
  return {
    type: 'fact', content: `fact ${randomUUID()}`, scope: 'project:test', source: { type: 'user', id: 'tester' },
    trust: 'user', ...overrides,
  };
}

const COMMITTING = new Set(['create', 'update', 'supersede', 'invalidate', 'archive', 'forget', 'reinforce', 'promote', 'importVersion']);

/*
 * The gate logs an approved request before every commit, and the commit functions refuse a
 * version its request does not say (ADR-0022, issue 36). Writer tests call the writer directly,
 * so each audit they pass is logged here first, as the request the gate would have logged for
 * that call: its operation, target and payload (a create's input, an update's patch, an import's
 * versions), the actor being the new record's provenance.
 */
function requestOf(key: string, args: unknown[]): { op: string; request: Record<string, unknown>; target: unknown; actor: NewRecordInput | undefined } {
  const id = args[0];
  switch (key) {
    case 'create': {
      const input = args[0] as NewRecordInput;
      return { op: 'create', request: { op: 'create', ...input }, target: input.id ?? null, actor: input };
    }
    case 'update':
      return { op: 'update', request: { op: 'update', id, patch: args[1] }, target: id, actor: undefined };
    case 'supersede': {
      const r = args[1] as { record?: NewRecordInput; existingId?: string };
      const request = r.record ? { op: 'supersede', id, replacement: r.record } : { op: 'supersede', id, replacementId: r.existingId };
      return { op: 'supersede', request, target: id, actor: r.record };
    }
    case 'importVersion': {
      const v = args[0] as { id: string };
      return { op: 'import', request: { op: 'import', versions: [v] }, target: v.id, actor: undefined };
    }
    default:
      return { op: key, request: { op: key, id }, target: id, actor: undefined };
  }
}

function loggingRequests(trx: Kysely<any>, writer: RecordWriter): RecordWriter {
  const logged = new Set<string>();
  return new Proxy(writer, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string' || !COMMITTING.has(key) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const a = args.find((x): x is CommitAudit => !!x && typeof x === 'object' && 'requestId' in x);
        if (a && !logged.has(a.requestId)) {
          logged.add(a.requestId);
          const r = requestOf(key, args);
          const actor = { id: r.actor?.source.id ?? 'tester', kind: r.actor?.trust ?? 'user' };
          const row = {
            id: a.requestId, operation: r.op, payload: { request: r.request, actor }, scope: r.actor?.scope ?? 'global', requested_by: 'writer-test',
            status: 'approved', decision: 'ADD', reason: a.reason, target_id: isUuid(String(r.target)) ? r.target : null,
          };
          await sql`SELECT engram_log_request(${JSON.stringify(row)}::jsonb)`.execute(trx);
        }
        return (value as (...xs: unknown[]) => Promise<unknown>).apply(target, args);
      };
    },
  });
}

/** Runs `fn` with a writer inside one transaction, as the gate does. */
export function write<T>(db: Kysely<any>, fn: (w: RecordWriter) => Promise<T>, clock?: () => Date): Promise<T> {
  return db.transaction().execute((trx) => fn(loggingRequests(trx, createRecordWriter({ db: trx, registry, ...(clock ? { clock } : {}) }))));
}
