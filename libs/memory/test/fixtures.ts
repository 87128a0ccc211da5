import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  applyArchive, createTypeRegistry, newRecordState, RecordReader, toSnapshot, type MemoryRecord, type NewRecordInput, type RecordState,
  type VersionOperation,
} from '../src/index.js';
import { approvedAudit } from '../../../tools/test/approved-request.js';

export const registry = createTypeRegistry();

/** A new-record input with sensible defaults. */
export function newRecord(overrides: Partial<NewRecordInput> = {}): NewRecordInput {
  return {
    type: 'fact', content: `fact ${randomUUID()}`, scope: 'project:test', source: { type: 'user', id: 'tester' },
    trust: 'user', ...overrides,
  };
}

/*
 * memory has no writer (the gate's commit path lives in the librarian, ADR-0004). Reader tests seed
 * rows the way that path does: a snapshot from the pure builders, stored by engram_commit_version
 * with a test audit. This also proves the builders' snapshots are what the SQL function accepts.
 */
async function commit(db: Kysely<any>, state: RecordState, op: VersionOperation): Promise<MemoryRecord> {
  const v = toSnapshot(state, op);
  const audit = await approvedAudit(db, v);
  await sql`SELECT engram_commit_version(${JSON.stringify(v)}::jsonb, ${audit}::jsonb)`.execute(db);
  return new RecordReader(db).get(state.id);
}

/** Stores version 1 of a new record, created at `now`. */
export function seedCreate(db: Kysely<any>, input: NewRecordInput, now = new Date()): Promise<MemoryRecord> {
  return commit(db, newRecordState(input, registry.get(input.type), input.id ?? randomUUID(), now), 'create');
}

/** Stores the archived next version of a record. */
export async function seedArchive(db: Kysely<any>, id: string, now = new Date()): Promise<MemoryRecord> {
  return commit(db, applyArchive(await new RecordReader(db).get(id), undefined, now), 'archive');
}
