/*
 * The hand-written SQL mutants (see sql-mutants.mjs): each names the migration source, the exact
 * text it replaces (must occur once), the bug it stands for, and the integration tests that must
 * catch it. Only LIVE bodies are mutated: the latest migration's definition of each function
 * (issue 36, T3-24: 14 of the 15 earlier mutants edited bodies a later CREATE OR REPLACE had
 * replaced, so they measured no running code). `live` names the function (or setting) whose
 * running definition the mutant edits; libs/infra/test/sql-mutants-live.int-spec.ts migrates a
 * database and checks that each `find` is in that function's body as the database runs it.
 */
const M = 'libs/infra/src/db/migrations';
const REQUESTS = `${M}/sql/20261126T12-request-functions.ts`;
const WORKING = `${M}/sql/20261126T15-working-state-functions.ts`;
const CHECKS = `${M}/sql/20261128T06-gate-checks.ts`;
const GUARDS_SQL = `${M}/sql/20261128T06-working-state-guards.ts`;
const NEGATED = `${M}/20261123T190100000Z-layer2-candidate-indexes.ts`;
const GUARDS = 'libs/infra/test/sql-guards.int-spec.ts';
const THIEF = 'libs/librarian/test/service-login-thief.int-spec.ts';
const TABLES = 'libs/librarian/test/service-login-tables.int-spec.ts';
const FORGED = 'libs/librarian/test/forged-commits.int-spec.ts';
const WORK = 'libs/infra/test/service-role-working-state.int-spec.ts';
const GATE_TESTS = ['libs/librarian/test/forget-purge.int-spec.ts', 'libs/librarian/test/gate-constraints.int-spec.ts', 'libs/librarian/test/record-writer.int-spec.ts'];

export const SQL_MUTANTS = [
  // engram_forget (20261126T12): the purge of a forgotten record's text.
  {
    id: 'forget-dup', live: 'engram_forget', file: REQUESTS, find: " OR payload->>'duplicateOf' = p_id::text", replace: '',
    bug: 'a pending near-duplicate keeps the forgotten text in gate_requests (issue 22 bug 6)', tests: GATE_TESTS,
  },
  {
    id: 'forget-result', live: 'engram_forget', file: REQUESTS, find: ' OR result_id = p_id', replace: '',
    bug: 'the request that created the record keeps its text', tests: GATE_TESTS,
  },
  {
    id: 'forget-versions', live: 'engram_forget', file: REQUESTS, find: "WHERE id = p_id AND version < (v->>'version')::integer", replace: 'WHERE id = p_id AND version < 1',
    bug: 'earlier versions keep the forgotten text', tests: GATE_TESTS,
  },
  {
    id: 'forget-embedding', live: 'engram_forget', file: REQUESTS,
    find: 'UPDATE memories SET embedding = NULL, embedding_model = NULL, embedding_model_version = NULL WHERE id = p_id;', replace: '',
    bug: 'the embedding of the forgotten text stays', tests: GATE_TESTS,
  },
  {
    id: 'forget-own-request', live: 'engram_forget', file: REQUESTS, find: " AND id <> (audit->>'request_id')::uuid", replace: '',
    bug: 'the forget request loses its own reason', tests: GATE_TESTS,
  },
  // engram_log_request, engram_touch (20261126T12).
  {
    id: 'log-committed', live: 'engram_log_request', file: REQUESTS, find: "NOT IN ('pending', 'approved', 'rejected', 'noop') THEN",
    replace: "NOT IN ('pending', 'approved', 'rejected', 'noop', 'committed') THEN",
    bug: 'a request can be logged as already committed', tests: [FORGED],
  },
  {
    id: 'touch-any-status', live: 'engram_touch', file: REQUESTS, find: "WHERE id = ANY(p_ids) AND status = 'active'", replace: 'WHERE id = ANY(p_ids)',
    bug: 'reading an archived or forgotten record counts as an access', tests: [GUARDS],
  },
  // engram_check_against_request, engram_commit_unchecked (20261128T06): a version against its request.
  {
    id: 'payload-content', live: 'engram_check_against_request', file: CHECKS, find: "WHERE w.k <> 'confidence' AND", replace: "WHERE w.k NOT IN ('confidence', 'content') AND",
    bug: 'content other than the approved payload is committed (T3-01)', tests: [THIEF],
  },
  {
    id: 'import-any-version', live: 'engram_check_against_request', file: CHECKS, find: "IF req->>'target_id' IS DISTINCT FROM v->>'id' OR NOT EXISTS (",
    replace: "IF req->>'target_id' IS DISTINCT FROM v->>'id' AND NOT EXISTS (",
    bug: 'an import commits versions its payload does not carry (T3-02)', tests: [THIEF],
  },
  {
    id: 'operation-any', live: 'engram_check_against_request', file: CHECKS, find: 'IF vop IS DISTINCT FROM op AND NOT', replace: 'IF false AND NOT',
    bug: 'a version of another operation (a promote) commits under an update request (T3-03)', tests: [THIEF],
  },
  {
    id: 'trust-any', live: 'engram_check_against_request', file: CHECKS, find: "'trust', head->'trust', ", replace: "'trust', v->'trust', ",
    bug: 'an update lifts a record\'s trust (T3-10)', tests: [THIEF],
  },
  {
    id: 'confidence-any', live: 'engram_check_against_request', file: CHECKS,
    find: "IF bad IS NULL AND NOT (abs((v->>'confidence')::float8 - (want->>'confidence')::float8) < 1e-6) THEN", replace: 'IF false THEN',
    bug: 'an update lifts a record\'s confidence (T3-10)', tests: [THIEF],
  },
  {
    id: 'superseded-any-scope', live: 'engram_check_against_request', file: CHECKS,
    find: "IF coalesce(v->>'superseded_by', '') <> '' AND NOT EXISTS", replace: 'IF false AND NOT EXISTS',
    bug: 'superseded_by points into another scope (T3-10)', tests: [THIEF],
  },
  {
    id: 'content-hash-any', live: 'engram_commit_unchecked', file: CHECKS,
    find: "IF recomputed IS NOT NULL AND recomputed IS DISTINCT FROM v->>'content_hash' THEN", replace: 'IF false THEN',
    bug: 'a wrong content hash makes a second active record of the same text (T3-09)', tests: [THIEF],
  },
  {
    id: 'commit-keeps-model', live: 'engram_commit_unchecked', file: CHECKS,
    find: 'embedding_model = CASE WHEN content_changed THEN NULL ELSE memories.embedding_model END', replace: 'embedding_model = memories.embedding_model',
    bug: 'a new text keeps the old text\'s vector label', tests: [GUARDS],
  },
  // engram_decide_request, engram_record_decision, engram_add_edge (20261128T06).
  {
    id: 'decide-approved-again', live: 'engram_decide_request', file: CHECKS,
    find: "OR (cur.status = 'approved' AND d->>'status' = 'noop' AND cur.operation = 'import' AND cur.decided_at = now())", replace: "OR (cur.status = 'approved')",
    bug: 'an approved request is decided again: reviewer and reason rewritten (T3-06)', tests: [THIEF],
  },
  {
    id: 'decision-any-status', live: 'engram_record_decision', file: CHECKS,
    find: "IF req.status IS DISTINCT FROM (CASE audit->>'action' WHEN 'reject' THEN 'rejected' WHEN 'noop' THEN 'noop' ELSE 'pending' END)", replace: 'IF false',
    bug: 'a reject audit is written for a request that was not rejected (T3-12)', tests: [THIEF],
  },
  {
    id: 'decision-any-reviewer', live: 'engram_record_decision', file: CHECKS, find: "OR audit->>'reviewer' IS DISTINCT FROM req.reviewer", replace: '',
    bug: 'a decision audit names another reviewer than the request\'s (T3-12)', tests: [THIEF],
  },
  {
    id: 'decision-twice', live: 'engram_record_decision', file: CHECKS,
    find: "OR EXISTS (SELECT 1 FROM gate_audit a WHERE a.request_id = req.id AND a.action = audit->>'action') THEN", replace: 'THEN',
    bug: 'the same decision is audited twice (T3-12)', tests: [THIEF, GUARDS],
  },
  {
    id: 'edge-any-supersedes', live: 'engram_add_edge', file: CHECKS,
    find: "IF p_kind = 'supersedes' AND NOT EXISTS (SELECT 1 FROM memories WHERE id = p_dst AND superseded_by = p_src) THEN", replace: 'IF false THEN',
    bug: 'a supersedes edge joins records that never superseded each other (T3-11)', tests: [THIEF],
  },
  // engram_set_embedding (20261128T06): the live model.
  {
    id: 'embedding-any-model', live: 'engram_set_embedding', file: CHECKS,
    find: "IF (live.name, live.version) IS DISTINCT FROM (p_model, coalesce(p_model_version, '')) THEN", replace: 'IF false THEN',
    bug: 'a vector under another label replaces a live vector, or hides the record (T3-04, T3-07)', tests: [TABLES],
  },
  {
    id: 'embedding-anyone-relabels', live: 'engram_set_embedding', file: CHECKS,
    find: "AND pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'memories'::regclass), 'MEMBER')) THEN", replace: 'AND true) THEN',
    bug: 'the service login names a new live model (T3-07)', tests: [TABLES],
  },
  {
    id: 'embedding-any-hash', live: 'engram_set_embedding', file: CHECKS, find: ' AND content_hash = p_content_hash', replace: '',
    bug: 'a vector computed for an old text is written onto a newer one', tests: [GUARDS, FORGED],
  },
  // TOC, rate buckets, A2A tasks (20261128T06 working-state guards, 20261126T15).
  {
    id: 'toc-drop-listed', live: 'engram_drop_toc_segments', file: GUARDS_SQL,
    find: "WHERE dl.project = p_project AND dl.node_id = p_day_id), '{}')));", replace: "WHERE false), '{}')));",
    bug: 'a segment the day still lists loses its pointer, and compaction removes it (T3-05)', tests: [TABLES],
  },
  {
    id: 'compact-current', live: 'engram_compact_toc', file: WORKING,
    find: 'AND NOT EXISTS (SELECT 1 FROM toc_latest l WHERE l.project = n.project AND l.node_id = n.node_id AND l.version = n.version)', replace: '',
    bug: 'compaction deletes current node versions', tests: [WORK],
  },
  {
    id: 'weights-sum', live: 'engram_record_weights', file: WORKING, find: 'AND abs(p_recency + p_frequency + p_entity_importance - 1) <= 1e-6', replace: '',
    bug: 'relevance weights that do not sum to 1 are recorded', tests: [WORK],
  },
  {
    id: 'rate-negative-debit', live: 'engram_debit_rate_buckets', file: GUARDS_SQL, find: ' OR NOT (d >= 0 AND d <= 1000000)', replace: '',
    bug: 'a negative debit refills a bucket (T3-13)', tests: [TABLES],
  },
  {
    id: 'a2a-final-reopens', live: 'engram_a2a_task_guard', file: GUARDS_SQL, find: 'AND NEW.status_state IS DISTINCT FROM OLD.status_state THEN', replace: 'AND false THEN',
    bug: 'a finished A2A task is reopened (T3-14)', tests: [TABLES],
  },
  {
    id: 'lock-no-timeout', live: 'lock_timeout', file: CHECKS, find: "export const LOCK_TIMEOUT = '5s';", replace: "export const LOCK_TIMEOUT = '0';",
    bug: 'a lock held by an open transaction hangs every write of the record (T3-15)', tests: [TABLES],
  },
  {
    id: 'negated-never', live: 'engram_is_negated', file: NEGATED, find: '(not|no|never|cannot|', replace: '(not|never|cannot|',
    bug: '"no X" is no longer seen as negated: a contradiction candidate is missed', tests: ['libs/librarian/test/negation-polarity.int-spec.ts'],
  },
];
