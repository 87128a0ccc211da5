/*
 * The bodies migration 20261126T120000000Z replaced, as they were (its `down` restores them).
 * Frozen in time.
 */

const commitVersion = `
CREATE OR REPLACE FUNCTION engram_commit_version(v jsonb, audit jsonb) RETURNS void
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
    $fn$`;

const recordDecision = `
CREATE OR REPLACE FUNCTION engram_record_decision(audit jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      IF coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' OR coalesce(audit->>'action', '') = '' THEN
        RAISE EXCEPTION 'engram_record_decision: request_id, action and reason are required' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
      VALUES ((audit->>'request_id')::uuid, audit->>'action', audit->>'decision', audit->>'reason',
        audit->>'policy_matched', audit->>'reviewer', (audit->>'memory_id')::uuid, (audit->>'memory_version')::integer);
    END
    $fn$`;

const setEmbedding = (dim: number) => `
CREATE OR REPLACE FUNCTION engram_set_embedding(p_id uuid, p_content_hash text, p_embedding vector(${dim}), p_model text, p_model_version text)
    RETURNS boolean LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      WITH u AS (
        UPDATE memories SET embedding = p_embedding, embedding_model = p_model, embedding_model_version = p_model_version
        WHERE id = p_id AND content_hash = p_content_hash AND status <> 'forgotten' RETURNING 1)
      SELECT EXISTS (SELECT 1 FROM u)
    $fn$`;

const touch = `
CREATE OR REPLACE FUNCTION engram_touch(p_ids uuid[]) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      UPDATE memories SET access_count = access_count + 1, accessed_at = now(),
        confidence = greatest(confidence, 0.8)
      WHERE id = ANY(p_ids) AND status = 'active'
    $fn$`;

const forget = `
CREATE OR REPLACE FUNCTION engram_forget(p_id uuid, v jsonb, audit jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      IF v IS NULL OR (v->>'id')::uuid IS DISTINCT FROM p_id OR v->>'status' IS DISTINCT FROM 'forgotten'
         OR v->>'content' IS DISTINCT FROM '[forgotten]' OR coalesce(v->'metadata', '{}'::jsonb) <> '{}'::jsonb
         OR coalesce(v->'tags', '[]'::jsonb) <> '[]'::jsonb THEN
        RAISE EXCEPTION 'engram_forget: v must be the tombstone version of memory %', p_id USING ERRCODE = 'check_violation';
      END IF;
      PERFORM engram_commit_version(v, audit);

      UPDATE memory_versions SET content = v->>'content', metadata = '{}'::jsonb, tags = '{}',
        content_hash = v->>'content_hash', status_reason = NULL
      WHERE id = p_id AND version < (v->>'version')::integer;

      UPDATE memories SET embedding = NULL, embedding_model = NULL, embedding_model_version = NULL WHERE id = p_id;

      UPDATE gate_requests
      SET payload = jsonb_set(payload, '{request}', jsonb_build_object('op', payload->'request'->'op', 'forgotten', p_id))
      WHERE (target_id = p_id OR result_id = p_id OR payload->>'duplicateOf' = p_id::text)
        AND id <> (audit->>'request_id')::uuid;
    END
    $fn$`;

const commitHead = `
CREATE OR REPLACE FUNCTION engram_commit_head(v jsonb, audit jsonb, edges jsonb, request jsonb) RETURNS SETOF memories
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
      BEGIN
        PERFORM engram_commit_version(v, audit);
        PERFORM engram_add_edge((e->>'src')::uuid, (e->>'dst')::uuid, e->>'kind', (e->>'weight')::real)
          FROM jsonb_array_elements(coalesce(edges, '[]'::jsonb)) AS e;
        IF request IS NOT NULL THEN
          INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status, decision, reason, policy_matched,
                                     reviewer, target_id, result_id, result_version, created_at, decided_at)
          VALUES ((request->>'id')::uuid, request->>'operation', request->'payload', request->>'scope', request->>'requested_by',
                  request->>'status', request->>'decision', request->>'reason', request->>'policy_matched', request->>'reviewer',
                  (request->>'target_id')::uuid, (request->>'result_id')::uuid, (request->>'result_version')::integer,
                  date_trunc('milliseconds', now()), now());
        END IF;
        RETURN QUERY SELECT * FROM memories WHERE id = (v->>'id')::uuid;
      END
      $fn$`;

const addEdge = `
CREATE OR REPLACE FUNCTION engram_add_edge(p_src uuid, p_dst uuid, p_kind text, p_weight real) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $fn$
    BEGIN
      INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
      ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight;
    END
    $fn$`;

export function previousFunctionsSql(dim: number): string[] {
  return [commitVersion, recordDecision, setEmbedding(dim), touch, forget, commitHead, addEdge];
}
