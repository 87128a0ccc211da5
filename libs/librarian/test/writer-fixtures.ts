import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createTypeRegistry, type NewRecordInput } from '@engram/memory';
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
 * version without one (ADR-0022). Writer tests call the writer directly, so each audit they pass
 * is logged here first: as a forget of its target for `forget`, otherwise as an import (which may
 * write any record's next version).
 */
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
          const forget = key === 'forget';
          const row = {
            id: a.requestId, operation: forget ? 'forget' : 'import', payload: { request: {} }, scope: 'global', requested_by: 'writer-test',
            status: 'approved', decision: 'ADD', reason: a.reason, target_id: forget ? args[0] : null,
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
