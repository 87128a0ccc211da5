/*
 * SQL of migration 20261126T120000000Z (issue 17): the commit functions bound to gate requests.
 * Frozen in time: never import application code here.
 */

/** Internal: writes a version with the structural rules only. Not callable by engram_service. */
export const COMMIT_UNCHECKED = 'engram_commit_unchecked';

/*
 * The old body of engram_commit_version (version = head + 1, version row, head row, approval
 * audit) plus the rules no request can lift: the id's scope never changes except a promote to
 * global, a forgotten record is never written again, and a forgotten version is the tombstone.
 * SECURITY INVOKER and revoked from the service: only the definer functions below reach it.
 */
export const commitUncheckedSql = `
CREATE OR REPLACE FUNCTION ${COMMIT_UNCHECKED}(v jsonb, audit jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  head record;
  new_version integer := (v->>'version')::integer;
  content_changed boolean;
BEGIN
  IF audit IS NULL OR coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' THEN
    RAISE EXCEPTION 'engram_commit_version: a gate decision (request_id, reason) is required' USING ERRCODE = 'check_violation';
  END IF;
  SELECT m.version, m.scope, m.status, m.content_hash INTO head FROM memories m WHERE m.id = (v->>'id')::uuid FOR UPDATE;
  IF coalesce(head.version, 0) + 1 <> new_version THEN
    RAISE EXCEPTION 'VERSION_CONFLICT: memory % is at version %, cannot write version %',
      v->>'id', coalesce(head.version, 0), new_version USING ERRCODE = 'serialization_failure';
  END IF;
  IF head.version IS NOT NULL AND head.scope IS DISTINCT FROM v->>'scope'
     AND NOT (v->>'operation' = 'promote' AND v->>'scope' = 'global') THEN
    RAISE EXCEPTION 'SCOPE_IMMUTABLE: memory % is in %, a new version cannot move it to %', v->>'id', head.scope, v->>'scope'
      USING ERRCODE = 'check_violation';
  END IF;
  IF head.status = 'forgotten' THEN
    RAISE EXCEPTION 'FORGOTTEN: memory % is forgotten and takes no new version', v->>'id' USING ERRCODE = 'check_violation';
  END IF;
  IF v->>'status' = 'forgotten' AND (v->>'content' IS DISTINCT FROM '[forgotten]'
     OR coalesce(v->'metadata', '{}'::jsonb) <> '{}'::jsonb OR coalesce(v->'tags', '[]'::jsonb) <> '[]'::jsonb) THEN
    RAISE EXCEPTION 'engram_commit_version: a forgotten version must be the tombstone' USING ERRCODE = 'check_violation';
  END IF;

  INSERT INTO memory_versions (id, version, type, memory_class, content, metadata, tags, scope, source_type,
    source_id, trust, status, created_at, updated_at, valid_from, valid_to, superseded_by, status_reason,
    archived, confidence, content_hash, operation, gate_request_id)
  SELECT r.id, r.version, r.type, r.memory_class, r.content, r.metadata, r.tags, r.scope, r.source_type,
    r.source_id, r.trust, r.status, r.created_at, r.updated_at, r.valid_from, r.valid_to, r.superseded_by,
    r.status_reason, r.archived, r.confidence, r.content_hash, v->>'operation', (audit->>'request_id')::uuid
  FROM jsonb_populate_record(NULL::memory_versions, v) r;

  content_changed := head.content_hash IS DISTINCT FROM v->>'content_hash';

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
    embedding = CASE WHEN content_changed THEN NULL ELSE memories.embedding END,
    embedding_model = CASE WHEN content_changed THEN NULL ELSE memories.embedding_model END,
    embedding_model_version = CASE WHEN content_changed THEN NULL ELSE memories.embedding_model_version END;

  INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
  VALUES ((audit->>'request_id')::uuid, 'approve', audit->>'decision', audit->>'reason',
    audit->>'policy_matched', audit->>'reviewer', (v->>'id')::uuid, new_version);
END
$fn$`;

/*
 * A commit under a logged request: the request must be approved (or have been committed by this
 * same transaction, for the second version of a supersede and the versions of an import), a
 * version of an existing record must be of the request's target, and a new record of a create
 * must be in the request's scope. The commit consumes the request.
 */
export const commitApprovedSql = `
CREATE OR REPLACE FUNCTION engram_commit_approved(v jsonb, audit jsonb, forgetting boolean) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  req record;
  is_new boolean := (v->>'version')::integer = 1;
BEGIN
  IF coalesce(audit->>'request_id', '') !~ '^[0-9a-fA-F-]{36}$' THEN
    RAISE EXCEPTION 'engram_commit_version: a gate decision (request_id, reason) is required' USING ERRCODE = 'check_violation';
  END IF;
  SELECT r.id, r.status, r.operation, r.scope, r.target_id, r.decided_at INTO req
    FROM gate_requests r WHERE r.id = (audit->>'request_id')::uuid FOR UPDATE;
  IF req.id IS NULL OR NOT (req.status = 'approved'
     OR (req.status = 'committed' AND req.decided_at = now() AND req.operation IN ('supersede', 'import'))) THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_APPROVED: request % is %, not an approved gate request', audit->>'request_id',
      coalesce(req.status, 'not logged') USING ERRCODE = 'check_violation';
  END IF;
  IF req.status = 'committed' AND req.operation = 'supersede'
     AND EXISTS (SELECT 1 FROM gate_audit a WHERE a.request_id = req.id AND a.memory_id = (v->>'id')::uuid) THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_APPROVED: request % already committed memory %', req.id, v->>'id' USING ERRCODE = 'check_violation';
  END IF;
  IF v->>'status' = 'forgotten' AND NOT forgetting THEN
    RAISE EXCEPTION 'engram_commit_version: a forgotten version is committed only by engram_forget' USING ERRCODE = 'check_violation';
  END IF;
  IF req.operation <> 'import' AND NOT is_new AND req.target_id IS DISTINCT FROM (v->>'id')::uuid THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: request % targets %, not memory %', req.id, req.target_id, v->>'id' USING ERRCODE = 'check_violation';
  END IF;
  IF is_new AND req.operation = 'create' AND (req.scope IS DISTINCT FROM v->>'scope'
     OR (req.target_id IS NOT NULL AND req.target_id <> (v->>'id')::uuid)) THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: request % creates in %, not memory % in %', req.id, req.scope, v->>'id', v->>'scope'
      USING ERRCODE = 'check_violation';
  END IF;
  IF is_new AND req.operation NOT IN ('create', 'supersede', 'import') THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: a % request creates no record', req.operation USING ERRCODE = 'check_violation';
  END IF;
  PERFORM ${COMMIT_UNCHECKED}(v, audit);
  UPDATE gate_requests SET status = 'committed', result_id = (v->>'id')::uuid, result_version = (v->>'version')::integer,
    decided_at = now() WHERE id = req.id;
END
$fn$`;
