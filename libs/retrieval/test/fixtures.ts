import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { contentHash } from '@engram/memory';

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
  const audit = { request_id: randomUUID(), reason: `retrieval test ${operation}`, decision: 'ADD', policy_matched: 'test' };
  await sql`SELECT engram_commit_version(${JSON.stringify(v)}::jsonb, ${JSON.stringify(audit)}::jsonb)`.execute(db);
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
