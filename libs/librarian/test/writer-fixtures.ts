import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createTypeRegistry, type NewRecordInput } from '@engram/memory';
import { createRecordWriter, type CommitAudit, type RecordWriter } from '../src/commit/record.writer.js';

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

/** Runs `fn` with a writer inside one transaction, as the gate does. */
export function write<T>(db: Kysely<any>, fn: (w: RecordWriter) => Promise<T>, clock?: () => Date): Promise<T> {
  return db.transaction().execute((trx) => fn(createRecordWriter({ db: trx, registry, ...(clock ? { clock } : {}) })));
}
