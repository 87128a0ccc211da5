/*
 * SQL of migration 20261128T060000000Z (issue 36): what the commit functions check against the
 * approved request, so that a holder of the service login cannot commit anything the logged
 * request does not say. Frozen in time: never import application code here.
 */

const DEFINER = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp';
/** Functions that take row locks give up after this long (T3-15): a lock held by an idle transaction never hangs a write. */
export const LOCK_TIMEOUT = '5s';

/*
 * The content hash the database can recompute: sha256 of the text NFKC-normalised, whitespace
 * collapsed, trimmed and lower-cased, as @engram/memory's contentHash does. Only for text that
 * is ASCII after NFKC: PGlite's C locale lower-cases ASCII only and glibc's Unicode case mapping
 * is not JavaScript's (e.g. U+0130), so for any other text it answers NULL (not checkable).
 */
export const checkableContentHashSql = `
CREATE OR REPLACE FUNCTION engram_checkable_content_hash(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  n text := normalize(t, NFKC);
BEGIN
  IF octet_length(n) <> char_length(n) THEN
    RETURN NULL;
  END IF;
  RETURN encode(sha256(convert_to(lower(btrim(regexp_replace(n, '[[:space:]]+', ' ', 'g'), ' ')), 'UTF8')), 'hex');
END
$fn$`;

/* Two instants given as JSON text are the same to the millisecond (JavaScript's precision); both absent is the same too. */
export const sameInstantSql = `
CREATE OR REPLACE FUNCTION engram_same_instant(a text, b text) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT CASE WHEN a IS NULL OR b IS NULL THEN a IS NULL AND b IS NULL
              ELSE abs(extract(epoch FROM a::timestamptz - b::timestamptz)) < 0.001 END
$fn$`;

/*
 * A version against its request's stored payload (the redacted request the gate judged):
 * - an import commits only versions its payload lists (id, number, content, scope, status,
 *   trust, confidence, superseded_by, metadata, tags), of the record it targets (T3-02);
 * - any other request commits only versions of its own operation (a promote request is the one
 *   scope move, T3-03), a supersede also the replacement it names (as `create`);
 * - the version's content, metadata, tags, scope, type, provenance, trust, status, archived flag,
 *   confidence and superseded_by are exactly what the operation makes of the head (or, for a new
 *   record, of the request's input and actor): T3-01, T3-10.
 */
export const checkAgainstRequestSql = `
CREATE OR REPLACE FUNCTION engram_check_against_request(v jsonb, req jsonb, head jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  op text := req->>'operation';
  vop text := v->>'operation';
  p jsonb := req->'payload'->'request';
  actor jsonb := req->'payload'->'actor';
  src jsonb;
  want jsonb;
  want_tags jsonb;
  bad text;
BEGIN
  -- A stale or taken version is a conflict before it is a mismatch: the gate answers it as VERSION_CONFLICT.
  IF coalesce((head->>'version')::integer, 0) + 1 <> (v->>'version')::integer THEN
    RAISE EXCEPTION 'VERSION_CONFLICT: memory % is at version %, cannot write version %',
      v->>'id', coalesce((head->>'version')::integer, 0), v->>'version' USING ERRCODE = 'serialization_failure';
  END IF;
  IF p IS NULL OR jsonb_typeof(p) <> 'object' OR p->>'op' IS DISTINCT FROM op THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: request % carries no % request to commit', req->>'id', op USING ERRCODE = 'check_violation';
  END IF;
  IF op = 'import' THEN
    IF req->>'target_id' IS DISTINCT FROM v->>'id' OR NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p->'versions') = 'array' THEN p->'versions' ELSE '[]'::jsonb END) AS x(e)
          WHERE e->'id' = v->'id' AND e->'version' = v->'version' AND e->'content' = v->'content' AND e->'scope' = v->'scope'
            AND e->'status' = v->'status' AND e->'trust' = v->'trust' AND e->'confidence' = v->'confidence'
            AND coalesce(e->'supersededBy', 'null') = coalesce(v->'superseded_by', 'null')
            AND coalesce(e->'metadata', '{}') = coalesce(v->'metadata', '{}') AND coalesce(e->'tags', '[]') = coalesce(v->'tags', '[]')) THEN
      RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: version % of memory % is not one import request % carries', v->>'version', v->>'id', req->>'id'
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN;
  END IF;
  IF vop IS DISTINCT FROM op AND NOT (op = 'supersede' AND head IS NULL AND vop = 'create') THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: a % request commits no % version', op, coalesce(vop, 'unnamed') USING ERRCODE = 'check_violation';
  END IF;

  IF head IS NULL THEN
    src := CASE op WHEN 'create' THEN p WHEN 'supersede' THEN p->'replacement' END;
    IF src IS NULL OR jsonb_typeof(src) <> 'object' OR (src ? 'id' AND src->'id' IS DISTINCT FROM v->'id') THEN
      RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: request % creates no memory %', req->>'id', v->>'id' USING ERRCODE = 'check_violation';
    END IF;
    IF op = 'supersede' AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = (req->>'result_id')::uuid AND m.superseded_by = (v->>'id')::uuid
         AND (m.scope = v->>'scope' OR m.scope = 'global' OR v->>'scope' = 'global')) THEN
      RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: memory % is not the replacement request % superseded its target by', v->>'id', req->>'id'
        USING ERRCODE = 'check_violation';
    END IF;
    want := jsonb_build_object('type', src->'type', 'content', src->'content', 'scope', src->'scope',
      'metadata', coalesce(src->'metadata', '{}'), 'trust', actor->'kind',
      'source_type', coalesce(src->'source'->'type', actor->'kind'), 'source_id', coalesce(nullif(src->'source'->'id', 'null'), actor->'id'),
      'confidence', coalesce(src->'confidence', '1'), 'status', 'active', 'superseded_by', NULL, 'archived', false);
    want_tags := coalesce(src->'tags', '[]');
  ELSE
    want := jsonb_build_object('type', head->'type', 'memory_class', head->'memory_class', 'content', head->'content', 'scope', head->'scope', 'metadata', head->'metadata',
      'trust', head->'trust', 'source_type', head->'source_type', 'source_id', head->'source_id', 'confidence', head->'confidence',
      'status', head->'status', 'superseded_by', head->'superseded_by', 'archived', head->'archived');
    want_tags := head->'tags';
    CASE op
      WHEN 'update' THEN
        -- Only the fields the patch names change (a JSON null inside metadata is a value, not an absence).
        IF p->'patch' ? 'content' THEN want := want || jsonb_build_object('content', p->'patch'->'content'); END IF;
        IF p->'patch' ? 'metadata' THEN want := want || jsonb_build_object('metadata', p->'patch'->'metadata'); END IF;
        IF p->'patch' ? 'confidence' THEN want := want || jsonb_build_object('confidence', p->'patch'->'confidence'); END IF;
        IF p->'patch' ? 'tags' THEN want_tags := p->'patch'->'tags'; END IF;
      WHEN 'supersede' THEN
        want := want || jsonb_build_object('status', 'superseded',
          'superseded_by', coalesce(p->'replacementId', p->'replacement'->'id', v->'superseded_by'));
      WHEN 'invalidate' THEN
        want := want || jsonb_build_object('status', 'invalidated');
      WHEN 'archive' THEN
        want := want || jsonb_build_object('status', 'archived', 'archived', true,
          'metadata', head->'metadata' || jsonb_build_object('archived', true, 'archived_at', v->'metadata'->'archived_at'));
      WHEN 'forget' THEN
        want := want || jsonb_build_object('status', 'forgotten', 'content', '[forgotten]', 'metadata', '{}'::jsonb);
        want_tags := '[]';
      WHEN 'reinforce' THEN
        want := want || jsonb_build_object('confidence', 1);
      WHEN 'promote' THEN
        want := want || jsonb_build_object('scope', 'global', 'metadata', head->'metadata' || jsonb_build_object('promoted_from', head->'scope'));
      ELSE
        RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: a % request changes no existing record', op USING ERRCODE = 'check_violation';
    END CASE;
  END IF;

  -- superseded_by names a record of the same scope (or a global one), or the replacement a supersede creates next.
  IF coalesce(v->>'superseded_by', '') <> '' AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = (v->>'superseded_by')::uuid
       AND (m.scope = v->>'scope' OR m.scope = 'global' OR v->>'scope' = 'global'))
     AND NOT (op = 'supersede' AND head IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = (v->>'superseded_by')::uuid)) THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: memory % cannot be superseded by %, a record of another scope', v->>'id', v->>'superseded_by'
      USING ERRCODE = 'check_violation';
  END IF;
  IF op = 'supersede' AND head IS NOT NULL AND coalesce(v->>'superseded_by', '') = '' THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: a supersede names the replacement' USING ERRCODE = 'check_violation';
  END IF;

  SELECT w.k INTO bad FROM jsonb_each(want) AS w(k, val)
   WHERE w.k <> 'confidence' AND coalesce(v->w.k, 'null') IS DISTINCT FROM coalesce(w.val, 'null') LIMIT 1;
  IF bad IS NULL AND NOT (abs((v->>'confidence')::float8 - (want->>'confidence')::float8) < 1e-6) THEN
    bad := 'confidence';
  END IF;
  IF bad IS NULL AND NOT (jsonb_typeof(v->'tags') = 'array' AND jsonb_typeof(want_tags) = 'array' AND (v->'tags') @> want_tags AND want_tags @> (v->'tags')) THEN
    bad := 'tags';
  END IF;
  -- Dates: a record keeps its creation time and validity unless the operation sets them (an
  -- update's patch; supersede and archive end validity now; invalidate and forget end it now if open).
  IF bad IS NULL AND head IS NULL THEN
    IF (src ? 'validFrom' AND NOT engram_same_instant(v->>'valid_from', src->>'validFrom'))
       OR NOT engram_same_instant(v->>'valid_to', src->>'validTo') THEN
      bad := 'validity';
    END IF;
  ELSIF bad IS NULL THEN
    IF NOT engram_same_instant(v->>'created_at', head->>'created_at') THEN
      bad := 'created_at';
    ELSIF NOT engram_same_instant(v->>'valid_from', CASE WHEN op = 'update' AND p->'patch' ? 'validFrom' THEN p->'patch'->>'validFrom' ELSE head->>'valid_from' END) THEN
      bad := 'valid_from';
    ELSIF NOT (op IN ('supersede', 'archive') OR (op IN ('invalidate', 'forget') AND head->>'valid_to' IS NULL))
          AND NOT engram_same_instant(v->>'valid_to', CASE WHEN op = 'update' AND p->'patch' ? 'validTo' THEN p->'patch'->>'validTo' ELSE head->>'valid_to' END) THEN
      bad := 'valid_to';
    END IF;
  END IF;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'GATE_REQUEST_MISMATCH: version % of memory % has a % that request % (%) does not give it', v->>'version', v->>'id', bad,
      req->>'id', op USING ERRCODE = 'check_violation';
  END IF;
END
$fn$`;

/** The head columns a version is checked against (no vector: it is never part of a version). */
const HEAD_JSON = `(SELECT to_jsonb(h) FROM (SELECT m.id, m.version, m.created_at, m.valid_from, m.valid_to, m.type, m.memory_class, m.content, m.metadata, m.tags, m.scope, m.source_type,
    m.source_id, m.trust, m.confidence, m.status, m.superseded_by, m.archived FROM memories m WHERE m.id = (v->>'id')::uuid) h)`;

/*
 * engram_commit_unchecked of 20261126T120000000Z plus the content hash check (T3-09): a version's
 * hash is the one its text has, wherever the database can recompute it.
 */
export const commitUncheckedSql = `
CREATE OR REPLACE FUNCTION engram_commit_unchecked(v jsonb, audit jsonb) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  head record;
  new_version integer := (v->>'version')::integer;
  content_changed boolean;
  recomputed text := engram_checkable_content_hash(v->>'content');
BEGIN
  IF audit IS NULL OR coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' THEN
    RAISE EXCEPTION 'engram_commit_version: a gate decision (request_id, reason) is required' USING ERRCODE = 'check_violation';
  END IF;
  IF recomputed IS NOT NULL AND recomputed IS DISTINCT FROM v->>'content_hash' THEN
    RAISE EXCEPTION 'CONTENT_HASH_MISMATCH: memory % version % carries content_hash %, its text hashes to %', v->>'id', v->>'version',
      coalesce(v->>'content_hash', 'none'), recomputed USING ERRCODE = 'check_violation';
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
 * engram_commit_approved of 20261126T120000000Z, the version now also checked against the
 * request's payload and operation (engram_check_against_request) before it is written.
 */
export const commitApprovedSql = `
CREATE OR REPLACE FUNCTION engram_commit_approved(v jsonb, audit jsonb, forgetting boolean) RETURNS void
LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
DECLARE
  req record;
  is_new boolean := (v->>'version')::integer = 1;
BEGIN
  IF coalesce(audit->>'request_id', '') !~ '^[0-9a-fA-F-]{36}$' OR coalesce(audit->>'reason', '') = '' THEN
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
  PERFORM 1 FROM memories m WHERE m.id = (v->>'id')::uuid FOR UPDATE;
  PERFORM engram_check_against_request(v, (SELECT to_jsonb(r) FROM gate_requests r WHERE r.id = req.id), ${HEAD_JSON});
  PERFORM engram_commit_unchecked(v, audit);
  UPDATE gate_requests SET status = 'committed', result_id = (v->>'id')::uuid, result_version = (v->>'version')::integer,
    decided_at = now() WHERE id = req.id;
END
$fn$`;

/* engram_commit_head of 20261126T120000000Z; a request logged with its commit is checked like any other. */
export const commitHeadSql = `
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
    PERFORM engram_check_against_request(v, (SELECT to_jsonb(r) FROM gate_requests r WHERE r.id = (request->>'id')::uuid), ${HEAD_JSON});
    PERFORM engram_commit_unchecked(v, audit);
  END IF;
  PERFORM engram_add_edge((e->>'src')::uuid, (e->>'dst')::uuid, e->>'kind', (e->>'weight')::real)
    FROM jsonb_array_elements(coalesce(edges, '[]'::jsonb)) AS e;
  RETURN QUERY SELECT * FROM memories WHERE id = (v->>'id')::uuid;
END
$fn$`;

/*
 * Decisions only move a request forward (T3-06): pending becomes approved, rejected or noop; an
 * approved import becomes noop only in the transaction that approved it (all its versions were
 * stored already). Nothing else: an approved request is never re-approved under another reviewer
 * or reason. The payload is never touched; committed, rejected and noop are final.
 */
export const decideRequestSql = `
CREATE OR REPLACE FUNCTION engram_decide_request(p_id uuid, d jsonb) RETURNS void ${DEFINER} AS $fn$
DECLARE
  cur record;
BEGIN
  SELECT status, operation, decided_at INTO cur FROM gate_requests WHERE id = p_id FOR UPDATE;
  IF NOT ((cur.status = 'pending' AND d->>'status' IN ('approved', 'rejected', 'noop'))
          OR (cur.status = 'approved' AND d->>'status' = 'noop' AND cur.operation = 'import' AND cur.decided_at = now())) THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_PENDING: request % is %, it cannot become %', p_id, coalesce(cur.status, 'not logged'),
      coalesce(d->>'status', 'nothing') USING ERRCODE = 'check_violation';
  END IF;
  UPDATE gate_requests SET status = d->>'status', decision = coalesce(d->>'decision', decision), reason = coalesce(d->>'reason', reason),
    reviewer = coalesce(d->>'reviewer', reviewer), result_id = CASE WHEN d->>'status' = 'noop' THEN (d->>'result_id')::uuid ELSE result_id END,
    decided_at = now()
  WHERE id = p_id;
END
$fn$`;

/* A reviewer's claim on a pending request: locks its row until the claiming transaction ends and answers its status. */
export const claimRequestSql = `
CREATE OR REPLACE FUNCTION engram_claim_request(p_id uuid) RETURNS text ${DEFINER} AS $fn$
DECLARE
  current_status text;
BEGIN
  SELECT status INTO current_status FROM gate_requests WHERE id = p_id FOR UPDATE;
  RETURN current_status;
END
$fn$`;

/*
 * Audits without a version (T3-12): each is the record of the decision its request just took, in
 * the same transaction, by the same reviewer, once: a reject of a request now rejected, a noop of
 * one now noop, a queue entry of one just logged pending.
 */
export const recordDecisionSql = `
CREATE OR REPLACE FUNCTION engram_record_decision(audit jsonb) RETURNS void ${DEFINER} AS $fn$
DECLARE
  req record;
BEGIN
  IF coalesce(audit->>'request_id', '') = '' OR coalesce(audit->>'reason', '') = '' OR coalesce(audit->>'action', '') = '' THEN
    RAISE EXCEPTION 'engram_record_decision: request_id, action and reason are required' USING ERRCODE = 'check_violation';
  END IF;
  IF audit->>'action' NOT IN ('reject', 'noop', 'queue') OR audit->>'memory_version' IS NOT NULL THEN
    RAISE EXCEPTION 'engram_record_decision: only reject, noop and queue decisions without a version are recorded here; approvals are written by the commit'
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT r.id, r.status, r.reviewer, r.created_at, r.decided_at INTO req FROM gate_requests r WHERE r.id = (audit->>'request_id')::uuid FOR UPDATE;
  IF req.id IS NULL THEN
    RAISE EXCEPTION 'GATE_REQUEST_NOT_FOUND: request % is not logged', audit->>'request_id' USING ERRCODE = 'check_violation';
  END IF;
  IF req.status IS DISTINCT FROM (CASE audit->>'action' WHEN 'reject' THEN 'rejected' WHEN 'noop' THEN 'noop' ELSE 'pending' END)
     OR audit->>'reviewer' IS DISTINCT FROM req.reviewer
     OR (audit->>'action' = 'queue' AND req.created_at IS DISTINCT FROM date_trunc('milliseconds', now()))
     OR (audit->>'action' <> 'queue' AND req.decided_at IS DISTINCT FROM now())
     OR EXISTS (SELECT 1 FROM gate_audit a WHERE a.request_id = req.id AND a.action = audit->>'action') THEN
    RAISE EXCEPTION 'GATE_DECISION_MISMATCH: a % audit records only the decision request % (%, reviewer %) just took, once',
      audit->>'action', req.id, req.status, coalesce(req.reviewer, 'none') USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO gate_audit (request_id, action, decision, reason, policy_matched, reviewer, memory_id, memory_version)
  VALUES ((audit->>'request_id')::uuid, audit->>'action', audit->>'decision', audit->>'reason',
    audit->>'policy_matched', audit->>'reviewer', (audit->>'memory_id')::uuid, NULL);
END
$fn$`;

/*
 * engram_add_edge of 20261126T120000000Z; a `supersedes` edge only from the record that
 * superseded its target (T3-11): the edge says what the target's own version says.
 */
export const addEdgeSql = `
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
  IF p_kind = 'supersedes' AND NOT EXISTS (SELECT 1 FROM memories WHERE id = p_dst AND superseded_by = p_src) THEN
    RAISE EXCEPTION 'EDGE_KIND_DENIED: a supersedes edge runs only from the record that superseded % (it names %)', p_dst,
      coalesce((SELECT superseded_by::text FROM memories WHERE id = p_dst), 'none') USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (p_src, p_dst, p_kind, p_weight)
  ON CONFLICT (src_id, dst_id, kind) DO UPDATE SET weight = EXCLUDED.weight;
END
$fn$`;

/*
 * The live embedding model (T3-04, T3-07). The first vector written names it; after that only a
 * member of the owner role (the operator; PGlite's one user) may name another, which it does by
 * writing a vector of the new model. The service login writes vectors of the live model only,
 * and only where a record has none or one of an earlier model: it never replaces a live vector.
 */
export const liveModelTableSql = `
CREATE TABLE IF NOT EXISTS embedding_live_model (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  name text NOT NULL,
  version text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now()
)`;

export const setEmbeddingSql = (dim: number) => `
CREATE OR REPLACE FUNCTION engram_set_embedding(p_id uuid, p_content_hash text, p_embedding vector(${dim}), p_model text, p_model_version text)
RETURNS boolean ${DEFINER} AS $fn$
DECLARE
  live record;
BEGIN
  IF coalesce(p_model, '') = '' OR p_embedding IS NULL THEN
    RAISE EXCEPTION 'engram_set_embedding: a vector and its model are required' USING ERRCODE = 'check_violation';
  END IF;
  SELECT name, version INTO live FROM embedding_live_model;
  IF live.name IS NULL OR ((live.name, live.version) IS DISTINCT FROM (p_model, p_model_version)
      AND pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'memories'::regclass), 'MEMBER')) THEN
    INSERT INTO embedding_live_model (only_row, name, version) VALUES (true, p_model, coalesce(p_model_version, ''))
    ON CONFLICT (only_row) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version, set_at = now();
    SELECT name, version INTO live FROM embedding_live_model;
  END IF;
  IF (live.name, live.version) IS DISTINCT FROM (p_model, coalesce(p_model_version, '')) THEN
    RAISE EXCEPTION 'EMBEDDING_MODEL_NOT_LIVE: the live embedding model is % %, not % % (the owner changes it: docs/runbook.md)',
      live.name, live.version, p_model, coalesce(p_model_version, '') USING ERRCODE = 'check_violation';
  END IF;
  UPDATE memories SET embedding = p_embedding, embedding_model = p_model, embedding_model_version = p_model_version
  WHERE id = p_id AND content_hash = p_content_hash AND status <> 'forgotten'
    AND (embedding IS NULL OR (embedding_model, embedding_model_version) IS DISTINCT FROM (p_model, p_model_version));
  RETURN FOUND;
END
$fn$`;
