/*
 * SQL of migration 20261126T120000000Z (issue 17): the public commit entry points, the request log
 * and the derived-data functions, each checking what its caller may not choose. Frozen in time.
 */

const DEFINER = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp';

const commitVersion = `
CREATE OR REPLACE FUNCTION engram_commit_version(v jsonb, audit jsonb) RETURNS void ${DEFINER} AS $fn$
BEGIN
  PERFORM engram_commit_approved(v, audit, false);
END
$fn$`;

/*
 * The one-statement create. With a request row, the row is logged by this call as committed, so it
 * may only be a create of version 1 of the record it names, in the request's scope, under its id.
 */
const commitHead = `
CREATE OR REPLACE FUNCTION engram_commit_head(v jsonb, audit jsonb, edges jsonb, request jsonb) RETURNS SETOF memories ${DEFINER} AS $fn$
BEGIN
  IF request IS NULL THEN
    PERFORM engram_commit_approved(v, audit, false);
  ELSE
    IF request->>'operation' IS DISTINCT FROM 'create' OR v->>'operation' IS DISTINCT FROM 'create'
       OR (v->>'version')::integer IS DISTINCT FROM 1 OR request->>'id' IS DISTINCT FROM audit->>'request_id'
       OR request->>'scope' IS DISTINCT FROM v->>'scope' OR request->>'result_id' IS DISTINCT FROM v->>'id'
       OR v->>'status' IS DISTINCT FROM 'active' THEN
      RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: a request logged with its commit must create version 1 of its result in its scope'
        USING ERRCODE = 'check_violation';
    END IF;
    INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status, decision, reason, policy_matched,
                               reviewer, target_id, result_id, result_version, created_at, decided_at)
    VALUES ((request->>'id')::uuid, 'create', request->'payload', request->>'scope', request->>'requested_by',
            'committed', request->>'decision', request->>'reason', request->>'policy_matched', request->>'reviewer',
            (request->>'target_id')::uuid, (v->>'id')::uuid, 1, date_trunc('milliseconds', now()), now());
    PERFORM engram_commit_unchecked(v, audit);
  END IF;
  PERFORM engram_add_edge((e->>'src')::uuid, (e->>'dst')::uuid, e->>'kind', (e->>'weight')::real)
    FROM jsonb_array_elements(coalesce(edges, '[]'::jsonb)) AS e;
  RETURN QUERY SELECT * FROM memories WHERE id = (v->>'id')::uuid;
END
$fn$`;

const forget = `
CREATE OR REPLACE FUNCTION engram_forget(p_id uuid, v jsonb, audit jsonb) RETURNS void ${DEFINER} AS $fn$
DECLARE
  req record;
BEGIN
  IF v IS NULL OR (v->>'id')::uuid IS DISTINCT FROM p_id OR v->>'status' IS DISTINCT FROM 'forgotten'
     OR v->>'content' IS DISTINCT FROM '[forgotten]' OR coalesce(v->'metadata', '{}'::jsonb) <> '{}'::jsonb
     OR coalesce(v->'tags', '[]'::jsonb) <> '[]'::jsonb THEN
    RAISE EXCEPTION 'engram_forget: v must be the tombstone version of memory %', p_id USING ERRCODE = 'check_violation';
  END IF;
  SELECT r.operation, r.target_id, r.payload INTO req FROM gate_requests r
    WHERE r.id = (CASE WHEN audit->>'request_id' ~ '^[0-9a-fA-F-]{36}$' THEN audit->>'request_id' END)::uuid;
  IF req.operation IS NULL OR NOT ((req.operation = 'forget' AND req.target_id = p_id)
     OR (req.operation = 'import' AND req.payload->'request'->'versions' @> jsonb_build_array(jsonb_build_object('id', p_id)))) THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: forgetting memory % needs an approved forget request for it', p_id
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM engram_commit_approved(v, audit, true);

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

/* Logs a request. Never `committed`: only a commit consumes a request. */
const logRequest = `
CREATE OR REPLACE FUNCTION engram_log_request(r jsonb) RETURNS void ${DEFINER} AS $fn$
BEGIN
  IF coalesce(r->>'status', '') NOT IN ('pending', 'approved', 'rejected', 'noop') THEN
    RAISE EXCEPTION 'engram_log_request: a request is logged as pending, approved, rejected or noop, not %', r->>'status'
      USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status, decision, reason, policy_matched,
                             reviewer, target_id, result_id, result_version, created_at, decided_at)
  VALUES ((r->>'id')::uuid, r->>'operation', r->'payload', r->>'scope', r->>'requested_by', r->>'status', r->>'decision',
          r->>'reason', r->>'policy_matched', r->>'reviewer', (r->>'target_id')::uuid, (r->>'result_id')::uuid, NULL,
          date_trunc('milliseconds', now()), CASE WHEN r->>'status' = 'pending' THEN NULL ELSE now() END);
END
$fn$`;

/* A decision on a logged request: pending may become approved, rejected or noop; approved may
 * become rejected or noop (or take its final reason). The payload is never touched; committed and rejected are final. */
const decideRequest = `
CREATE OR REPLACE FUNCTION engram_decide_request(p_id uuid, d jsonb) RETURNS void ${DEFINER} AS $fn$
DECLARE
  current_status text;
BEGIN
  SELECT status INTO current_status FROM gate_requests WHERE id = p_id FOR UPDATE;
  IF NOT ((current_status = 'pending' AND d->>'status' IN ('approved', 'rejected', 'noop'))
          OR (current_status = 'approved' AND d->>'status' IN ('approved', 'rejected', 'noop'))) THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_PENDING: request % is %, it cannot become %', p_id, coalesce(current_status, 'not logged'),
      d->>'status' USING ERRCODE = 'check_violation';
  END IF;
  UPDATE gate_requests SET status = d->>'status', decision = coalesce(d->>'decision', decision), reason = coalesce(d->>'reason', reason),
    reviewer = coalesce(d->>'reviewer', reviewer), result_id = CASE WHEN d->>'status' = 'noop' THEN (d->>'result_id')::uuid ELSE result_id END,
    decided_at = now()
  WHERE id = p_id;
END
$fn$`;

/* Audits that store no version: only for a logged request, never a versioned approval. */
const recordDecision = `
CREATE OR REPLACE FUNCTION engram_record_decision(audit jsonb) RETURNS void ${DEFINER} AS $fn$
BEGIN
  IF coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' OR coalesce(audit->>'action', '') = '' THEN
    RAISE EXCEPTION 'engram_record_decision: request_id, action and reason are required' USING ERRCODE = 'check_violation';
  END IF;
  IF audit->>'action' NOT IN ('reject', 'noop', 'queue') OR audit->>'memory_version' IS NOT NULL THEN
    RAISE EXCEPTION 'engram_record_decision: only reject, noop and queue decisions without a version are recorded here; approvals are written by the commit'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM gate_requests WHERE id = (audit->>'request_id')::uuid) THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_FOUND: request % is not logged', audit->>'request_id' USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
  VALUES ((audit->>'request_id')::uuid, audit->>'action', audit->>'decision', audit->>'reason',
    audit->>'policy_matched', audit->>'reviewer', (audit->>'memory_id')::uuid, NULL);
END
$fn$`;

export const decisionAndRequestSql = [commitVersion, commitHead, forget, logRequest, decideRequest, recordDecision];

/* Edges join two live records of one scope, or a record and a global one; weights in (0, 1]. */
const addEdge = `
CREATE OR REPLACE FUNCTION engram_add_edge(p_src uuid, p_dst uuid, p_kind text, p_weight real) RETURNS void ${DEFINER} AS $fn$
DECLARE
  src_scope text;
  dst_scope text;
BEGIN
  SELECT scope INTO src_scope FROM memories WHERE id = p_src AND status <> 'forgotten';
  SELECT scope INTO dst_scope FROM memories WHERE id = p_dst AND status <> 'forgotten';
  IF src_scope IS NULL OR dst_scope IS NULL THEN
    RAISE EXCEPTION 'EDGE_DANGLING: an edge joins two stored, not forgotten records' USING ERRCODE = 'check_violation';
  END IF;
  IF src_scope <> dst_scope AND src_scope <> 'global' AND dst_scope <> 'global' THEN
    RAISE EXCEPTION 'EDGE_CROSS_SCOPE: an edge joins records of one scope or a global one, not % and %', src_scope, dst_scope
      USING ERRCODE = 'check_violation';
  END IF;
  IF p_weight IS NULL OR NOT (p_weight > 0 AND p_weight <= 1) THEN
    RAISE EXCEPTION 'engram_add_edge: weight must be in (0, 1]' USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
  ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight;
END
$fn$`;

/* A read records the access only; the 0.8 access floor is computed from accessed_at (memory's decay). */
const touch = `
CREATE OR REPLACE FUNCTION engram_touch(p_ids uuid[]) RETURNS void ${DEFINER} AS $fn$
BEGIN
  UPDATE memories SET access_count = access_count + 1, accessed_at = now() WHERE id = ANY(p_ids) AND status = 'active';
END
$fn$`;

/* A vector for the current text only, and never over one of the same model (a model swap re-embeds). */
const setEmbedding = (dim: number) => `
CREATE OR REPLACE FUNCTION engram_set_embedding(p_id uuid, p_content_hash text, p_embedding vector(${dim}), p_model text, p_model_version text)
RETURNS boolean ${DEFINER} AS $fn$
BEGIN
  IF coalesce(p_model, '') = '' OR p_embedding IS NULL THEN
    RAISE EXCEPTION 'engram_set_embedding: a vector and its model are required' USING ERRCODE = 'check_violation';
  END IF;
  UPDATE memories SET embedding = p_embedding, embedding_model = p_model, embedding_model_version = p_model_version
  WHERE id = p_id AND content_hash = p_content_hash AND status <> 'forgotten'
    AND (embedding IS NULL OR (embedding_model, embedding_model_version) IS DISTINCT FROM (p_model, p_model_version));
  RETURN FOUND;
END
$fn$`;

export function derivedDataSql(dim: number): string[] {
  return [addEdge, touch, setEmbedding(dim)];
}
