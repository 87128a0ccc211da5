import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * The memory core schema (SPEC 3, 4). Frozen in time: never import application code here.
 *
 * `memories` holds the head of every record; `memory_versions` is the append-only history
 * (one row per stored version, with `recorded_at` as transaction time for "as of" reads).
 * Both are written ONLY by the SECURITY DEFINER function `engram_commit_version`, which also
 * writes the gate audit row for that version in the same statement: the zero-bypass invariant
 * lives in the database, not in application discipline (ADR-0004).
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);
    const dim = sql.raw(String(ctx.embeddingDim));

    // array_to_string is only STABLE (element output functions in general may depend on
    // settings), so Postgres refuses it in a generated column; for text[] it is immutable.
    await sql`
      CREATE FUNCTION engram_tags_text(tags text[]) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT array_to_string(tags, ' ') $fn$`.execute(db);

    await sql`
      CREATE TABLE memories (
        id uuid PRIMARY KEY,
        version integer NOT NULL CHECK (version >= 1),
        type text NOT NULL,
        memory_class text NOT NULL CHECK (memory_class IN ('episodic','semantic','procedural')),
        content text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        tags text[] NOT NULL DEFAULT '{}',
        scope text NOT NULL CHECK (scope ~ '^(global|project:.+|agent:.+)$'),
        source_type text NOT NULL,
        source_id text,
        trust text NOT NULL DEFAULT 'agent' CHECK (trust IN ('user','agent','tool','import')),
        status text NOT NULL DEFAULT 'active'
          CHECK (status IN ('active','superseded','invalidated','archived','forgotten')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        valid_from timestamptz NOT NULL,
        valid_to timestamptz,
        superseded_by uuid,
        status_reason text,
        archived boolean NOT NULL DEFAULT false,
        confidence real NOT NULL DEFAULT 1.0 CHECK (confidence >= 0 AND confidence <= 1),
        access_count integer NOT NULL DEFAULT 0,
        accessed_at timestamptz,
        content_hash text NOT NULL,
        embedding vector(${dim}),
        embedding_model text,
        embedding_model_version text,
        search_tsv tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(content, '')), 'A') ||
          setweight(to_tsvector('english', engram_tags_text(tags)), 'B')
        ) STORED
      )`.execute(db);

    await sql`
      CREATE TABLE memory_versions (
        id uuid NOT NULL,
        version integer NOT NULL,
        type text NOT NULL,
        memory_class text NOT NULL,
        content text NOT NULL,
        metadata jsonb NOT NULL,
        tags text[] NOT NULL,
        scope text NOT NULL,
        source_type text NOT NULL,
        source_id text,
        trust text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        valid_from timestamptz NOT NULL,
        valid_to timestamptz,
        superseded_by uuid,
        status_reason text,
        archived boolean NOT NULL,
        confidence real NOT NULL,
        content_hash text NOT NULL,
        operation text NOT NULL,
        gate_request_id uuid NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (id, version)
      )`.execute(db);

    await sql`
      CREATE TABLE gate_requests (
        id uuid PRIMARY KEY,
        operation text NOT NULL,
        payload jsonb NOT NULL,
        scope text NOT NULL,
        requested_by text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending','approved','rejected','committed','noop')),
        decision text,
        reason text,
        policy_matched text,
        reviewer text,
        target_id uuid,
        result_id uuid,
        result_version integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      )`.execute(db);

    await sql`
      CREATE TABLE gate_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id uuid NOT NULL,
        action text NOT NULL,
        decision text,
        reason text NOT NULL,
        policy_matched text,
        reviewer text,
        memory_id uuid,
        memory_version integer,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`.execute(db);

    await sql`
      CREATE TABLE memory_edges (
        src_id uuid NOT NULL,
        dst_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('supersedes','supports','contradicts','relates_to','derived_from','similar_to')),
        weight real NOT NULL DEFAULT 1.0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (src_id, dst_id, kind)
      )`.execute(db);

    await createIndexes(db);
    await createCommitFunctions(db, dim);
  };
}

async function createIndexes(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX memories_scope_created_idx ON memories (scope, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX memories_type_idx ON memories (type)`.execute(db);
  await sql`CREATE INDEX memories_tags_idx ON memories USING gin (tags)`.execute(db);
  await sql`CREATE INDEX memories_metadata_idx ON memories USING gin (metadata jsonb_path_ops)`.execute(db);
  await sql`CREATE INDEX memories_tsv_idx ON memories USING gin (search_tsv)`.execute(db);
  await sql`CREATE INDEX memories_hash_idx ON memories (scope, content_hash)`.execute(db);
  await sql`CREATE INDEX memories_embedding_idx ON memories USING hnsw (embedding vector_cosine_ops)`.execute(db);
  await sql`CREATE INDEX memories_unembedded_idx ON memories (updated_at) WHERE embedding IS NULL AND status <> 'forgotten'`.execute(db);
  await sql`CREATE INDEX memory_versions_recorded_idx ON memory_versions (id, recorded_at)`.execute(db);
  await sql`CREATE INDEX gate_requests_status_idx ON gate_requests (status, created_at)`.execute(db);
  await sql`CREATE INDEX gate_audit_memory_idx ON gate_audit (memory_id, memory_version)`.execute(db);
  await sql`CREATE INDEX gate_audit_request_idx ON gate_audit (request_id)`.execute(db);
  await sql`CREATE INDEX memory_edges_dst_idx ON memory_edges (dst_id, kind)`.execute(db);
}

/*
 * The only write path into memories/memory_versions/gate_audit. `v` is the full snapshot of
 * the new version (snake_case keys); `audit` is the gate's decision for it. The version row,
 * the head row and the audit row are written together or not at all.
 * Optimistic concurrency: the new version must be exactly head.version + 1 (or 1 for a new id).
 */
async function createCommitFunctions(db: Kysely<any>, dim: ReturnType<typeof sql.raw>): Promise<void> {
  await sql`
    CREATE FUNCTION engram_commit_version(v jsonb, audit jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    DECLARE
      head_version integer;
      new_version integer := (v->>'version')::integer;
      content_changed boolean;
    BEGIN
      IF audit IS NULL OR coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' THEN
        RAISE EXCEPTION 'engram_commit_version: a gate decision (request_id, reason) is required' USING ERRCODE = 'check_violation';
      END IF;
      SELECT m.version INTO head_version FROM memories m WHERE m.id = (v->>'id')::uuid FOR UPDATE;
      IF coalesce(head_version, 0) + 1 <> new_version THEN
        RAISE EXCEPTION 'VERSION_CONFLICT: memory % is at version %, cannot write version %',
          v->>'id', coalesce(head_version, 0), new_version USING ERRCODE = 'serialization_failure';
      END IF;

      INSERT INTO memory_versions (id, version, type, memory_class, content, metadata, tags, scope, source_type,
        source_id, trust, status, created_at, updated_at, valid_from, valid_to, superseded_by, status_reason,
        archived, confidence, content_hash, operation, gate_request_id)
      SELECT r.id, r.version, r.type, r.memory_class, r.content, r.metadata, r.tags, r.scope, r.source_type,
        r.source_id, r.trust, r.status, r.created_at, r.updated_at, r.valid_from, r.valid_to, r.superseded_by,
        r.status_reason, r.archived, r.confidence, r.content_hash, v->>'operation', (audit->>'request_id')::uuid
      FROM jsonb_populate_record(NULL::memory_versions, v) r;

      SELECT m.content_hash IS DISTINCT FROM v->>'content_hash' INTO content_changed
        FROM memories m WHERE m.id = (v->>'id')::uuid;

      INSERT INTO memories (id, version, type, memory_class, content, metadata, tags, scope, source_type, source_id,
        trust, status, created_at, updated_at, valid_from, valid_to, superseded_by, status_reason, archived,
        confidence, access_count, accessed_at, content_hash)
      SELECT r.id, r.version, r.type, r.memory_class, r.content, r.metadata, r.tags, r.scope, r.source_type,
        r.source_id, r.trust, r.status, r.created_at, r.updated_at, r.valid_from, r.valid_to, r.superseded_by,
        r.status_reason, r.archived, r.confidence, coalesce(r.access_count, 0), r.accessed_at, r.content_hash
      FROM jsonb_populate_record(NULL::memories, v - 'embedding' - 'search_tsv') r
      ON CONFLICT (id) DO UPDATE SET
        version = EXCLUDED.version, type = EXCLUDED.type, memory_class = EXCLUDED.memory_class,
        content = EXCLUDED.content, metadata = EXCLUDED.metadata, tags = EXCLUDED.tags, scope = EXCLUDED.scope,
        source_type = EXCLUDED.source_type, source_id = EXCLUDED.source_id, trust = EXCLUDED.trust,
        status = EXCLUDED.status, updated_at = EXCLUDED.updated_at, valid_from = EXCLUDED.valid_from,
        valid_to = EXCLUDED.valid_to, superseded_by = EXCLUDED.superseded_by,
        status_reason = EXCLUDED.status_reason, archived = EXCLUDED.archived,
        confidence = EXCLUDED.confidence, content_hash = EXCLUDED.content_hash,
        -- A new text invalidates the old vector; the embedding job fills it in again.
        embedding = CASE WHEN content_changed THEN NULL ELSE memories.embedding END,
        embedding_model = CASE WHEN content_changed THEN NULL ELSE memories.embedding_model END,
        embedding_model_version = CASE WHEN content_changed THEN NULL ELSE memories.embedding_model_version END;

      INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
      VALUES ((audit->>'request_id')::uuid, coalesce(audit->>'action', 'approve'), audit->>'decision', audit->>'reason',
        audit->>'policy_matched', audit->>'reviewer', (v->>'id')::uuid, new_version);
    END
    $fn$`.execute(db);

  // Gate decisions that store no version (reject, noop, queue) are still audited.
  await sql`
    CREATE FUNCTION engram_record_decision(audit jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      IF coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' OR coalesce(audit->>'action', '') = '' THEN
        RAISE EXCEPTION 'engram_record_decision: request_id, action and reason are required' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
      VALUES ((audit->>'request_id')::uuid, audit->>'action', audit->>'decision', audit->>'reason',
        audit->>'policy_matched', audit->>'reviewer', (audit->>'memory_id')::uuid, (audit->>'memory_version')::integer);
    END
    $fn$`.execute(db);

  // Derived data, not a new version: the embedding job writes vectors only for the exact text it embedded.
  await sql`
    CREATE FUNCTION engram_set_embedding(p_id uuid, p_content_hash text, p_embedding vector(${dim}), p_model text, p_model_version text)
    RETURNS boolean LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      WITH u AS (
        UPDATE memories SET embedding = p_embedding, embedding_model = p_model, embedding_model_version = p_model_version
        WHERE id = p_id AND content_hash = p_content_hash AND status <> 'forgotten' RETURNING 1)
      SELECT EXISTS (SELECT 1 FROM u)
    $fn$`.execute(db);

  // Reads reinforce (seed 004): access bookkeeping is not a content change and creates no version.
  await sql`
    CREATE FUNCTION engram_touch(p_ids uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      UPDATE memories SET access_count = access_count + 1, accessed_at = now(),
        confidence = greatest(confidence, 0.8)
      WHERE id = ANY(p_ids) AND status = 'active'
    $fn$`.execute(db);

  await sql`
    CREATE FUNCTION engram_add_edge(p_src uuid, p_dst uuid, p_kind text, p_weight real) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
      ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const fn of [
    'engram_add_edge(uuid, uuid, text, real)',
    'engram_touch(uuid[])',
    'engram_set_embedding(uuid, text, vector, text, text)',
    'engram_record_decision(jsonb)',
    'engram_commit_version(jsonb, jsonb)',
  ]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  }
  for (const table of ['memory_edges', 'gate_audit', 'gate_requests', 'memory_versions', 'memories']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS engram_tags_text(text[])`.execute(db);
}
