import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { contentHash } from '@engram/memory';
import { approvedAudit } from '../../../tools/test/approved-request.js';

/*
 * Test data for retrieval. Records can only be written through `engram_commit_version` (the
 * gate's commit path in the database), so the builders call that function with full snapshots,
 * as the librarian does, without depending on the librarian (a sibling domain lib).
 */

/** The fields a retrieval test cares about; everything else gets a sensible default. */
export interface RecordSeed {
  id?: string;
  type?: string;
  memoryClass?: 'episodic' | 'semantic' | 'procedural';
  content: string;
  tags?: string[];
  scope?: string;
  status?: 'active' | 'superseded' | 'invalidated' | 'archived' | 'forgotten';
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
  createdAt?: Date;
  metadata?: Record<string, unknown>;
  trust?: 'user' | 'agent' | 'tool' | 'import';
}

type Snapshot = Record<string, unknown> & { id: string; version: number; content: string };

async function commit(db: Kysely<any>, snapshot: Snapshot, operation: string): Promise<void> {
  const v = { ...snapshot, operation, content_hash: contentHash(snapshot.content) };
  if (snapshot['status'] === 'forgotten') return writeAsOwner(db, v);
  const audit = await approvedAudit(db, v, `retrieval test ${operation}`);
  await sql`SELECT engram_commit_version(${JSON.stringify(v)}::jsonb, ${audit}::jsonb)`.execute(db);
}

/*
 * A forgotten version that keeps text is a state the commit functions refuse (ADR-0022); the
 * readers must still filter it (defence in depth), so the test writes it as the tables' owner.
 */
async function writeAsOwner(db: Kysely<any>, v: Record<string, unknown>): Promise<void> {
  await sql`INSERT INTO memory_versions SELECT r.* FROM jsonb_populate_record(NULL::memory_versions,
    ${JSON.stringify({ ...v, gate_request_id: randomUUID(), recorded_at: new Date() })}::jsonb) r`.execute(db);
  await sql`UPDATE memories SET version = ${v['version'] as number}, status = 'forgotten', content = ${v['content'] as string},
    content_hash = ${v['content_hash'] as string}, updated_at = now() WHERE id = ${v['id'] as string}::uuid`.execute(db);
}

/** Writes version 1 of a record and returns its id. */
export async function seedRecord(db: Kysely<any>, seed: RecordSeed): Promise<string> {
  const id = seed.id ?? randomUUID();
  const now = seed.createdAt ?? new Date();
  const status = seed.status ?? 'active';
  await commit(
    db,
    {
      id, version: 1, type: seed.type ?? 'fact', memory_class: seed.memoryClass ?? 'semantic', content: seed.content,
      metadata: seed.metadata ?? {}, tags: seed.tags ?? [], scope: seed.scope ?? 'global', source_type: 'test', source_id: null,
      trust: seed.trust ?? 'user', status, created_at: now, updated_at: now, valid_from: seed.validFrom ?? now,
      valid_to: seed.validTo ?? null, superseded_by: null, status_reason: null, archived: status === 'archived',
      confidence: seed.confidence ?? 1,
    },
    'create',
  );
  return id;
}

/** Writes the next version of a record with `changes` (snake_case columns) applied to its head. */
export async function updateRecord(db: Kysely<any>, id: string, changes: Record<string, unknown>, operation = 'update'): Promise<void> {
  const head = await db
    .selectFrom('memories')
    .select([
      'id', 'version', 'type', 'memory_class', 'content', 'metadata', 'tags', 'scope', 'source_type', 'source_id', 'trust',
      'status', 'created_at', 'updated_at', 'valid_from', 'valid_to', 'superseded_by', 'status_reason', 'archived', 'confidence',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const next = { ...head, ...changes, version: Number(head.version) + 1, updated_at: new Date() } as Snapshot;
  if (next.status === 'archived') next.archived = true;
  await commit(db, next, operation);
}

/** Reads a head row's embedding bookkeeping straight from the table. */
export async function embeddingState(db: Kysely<any>, id: string) {
  return db
    .selectFrom('memories')
    .select(['embedding_model', 'embedding_model_version', sql<boolean>`embedding IS NOT NULL`.as('has_vector')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
