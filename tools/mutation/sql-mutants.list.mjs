/*
 * The hand-written SQL mutants (see sql-mutants.mjs): each names the migration, the exact text it
 * replaces (must occur once), the bug it stands for, and the integration tests that must catch it.
 * Only functions still in use are mutated (a later CREATE OR REPLACE makes an earlier body dead).
 */
const M = 'libs/infra/src/db/migrations';
const FORGET = `${M}/20261123T060000000Z-forget-purge-and-audit-uniqueness.ts`;
const CORE = `${M}/20261122T060000000Z-create-memory-core.ts`;
const NEGATED = `${M}/20261123T190100000Z-layer2-candidate-indexes.ts`;
const GUARDS = 'libs/infra/test/sql-guards.int-spec.ts';
const GATE_TESTS = ['libs/librarian/test/forget-purge.int-spec.ts', 'libs/librarian/test/gate-constraints.int-spec.ts', 'libs/librarian/test/record-writer.int-spec.ts'];

export const SQL_MUTANTS = [
  {
    id: 'forget-dup', file: FORGET, find: " OR payload->>'duplicateOf' = p_id::text", replace: '',
    bug: 'a pending near-duplicate keeps the forgotten text in gate_requests (issue 22 bug 6)', tests: GATE_TESTS,
  },
  {
    id: 'forget-result', file: FORGET, find: ' OR result_id = p_id', replace: '',
    bug: 'the request that created the record keeps its text', tests: GATE_TESTS,
  },
  {
    id: 'forget-versions', file: FORGET, find: "WHERE id = p_id AND version < (v->>'version')::integer", replace: 'WHERE id = p_id AND version < 1',
    bug: 'earlier versions keep the forgotten text', tests: GATE_TESTS,
  },
  {
    id: 'forget-embedding', file: FORGET,
    find: 'UPDATE memories SET embedding = NULL, embedding_model = NULL, embedding_model_version = NULL WHERE id = p_id;', replace: '',
    bug: 'the embedding of the forgotten text stays', tests: GATE_TESTS,
  },
  {
    id: 'forget-tombstone-check', file: FORGET, find: " OR v->>'content' IS DISTINCT FROM '[forgotten]'", replace: '',
    bug: 'engram_forget accepts a non-tombstone text and overwrites history with it', tests: GATE_TESTS,
  },
  {
    id: 'forget-own-request', file: FORGET, find: " AND id <> (audit->>'request_id')::uuid", replace: '',
    bug: 'the forget request loses its own reason', tests: GATE_TESTS,
  },
  {
    id: 'commit-version-gap', file: CORE, find: 'IF coalesce(head_version, 0) + 1 <> new_version THEN', replace: 'IF coalesce(head_version, 0) + 1 > new_version THEN',
    bug: 'a version may skip ahead (lost-update check weakened)', tests: [GUARDS, ...GATE_TESTS, 'libs/librarian/test/gate-invariants.int-spec.ts'],
  },
  {
    id: 'commit-reason', file: CORE, find: "OR coalesce(audit->>'reason', '') = '' THEN", replace: 'THEN',
    bug: 'a version can be committed without a gate reason', tests: [GUARDS, ...GATE_TESTS],
  },
  {
    id: 'commit-keeps-embedding', file: CORE, find: 'embedding = CASE WHEN content_changed THEN NULL ELSE memories.embedding END', replace: 'embedding = memories.embedding',
    bug: 'a new text keeps the vector of the old text', tests: [GUARDS, ...GATE_TESTS, 'libs/retrieval/test/embedding-indexer.int-spec.ts'],
  },
  {
    id: 'embedding-any-hash', file: CORE, find: ' AND content_hash = p_content_hash', replace: '',
    bug: 'a vector computed for an old text is written onto a newer one', tests: [GUARDS, 'libs/retrieval/test/embedding-indexer.int-spec.ts', 'libs/infra/test/database.int-spec.ts'],
  },
  {
    id: 'embedding-forgotten', file: CORE, find: " AND status <> 'forgotten' RETURNING 1", replace: ' RETURNING 1',
    bug: 'a forgotten record gets an embedding again', tests: [GUARDS, 'libs/retrieval/test/embedding-indexer.int-spec.ts', 'libs/infra/test/database.int-spec.ts', ...GATE_TESTS],
  },
  {
    id: 'touch-any-status', file: CORE, find: "WHERE id = ANY(p_ids) AND status = 'active'", replace: 'WHERE id = ANY(p_ids)',
    bug: 'reading an archived or forgotten record reinforces it', tests: [GUARDS, 'libs/retrieval/test/search.int-spec.ts', 'libs/agents/test/memory-service.int-spec.ts'],
  },
  {
    id: 'touch-no-floor', file: CORE, find: 'confidence = greatest(confidence, 0.8)', replace: 'confidence = confidence',
    bug: 'an access no longer lifts confidence to the 0.8 floor (seed 004)', tests: [GUARDS, 'libs/retrieval/test/search.int-spec.ts'],
  },
  {
    id: 'decision-action', file: CORE, find: "OR coalesce(audit->>'action', '') = '' THEN", replace: 'THEN',
    bug: 'an audit row without an action is accepted', tests: [GUARDS, ...GATE_TESTS],
  },
  {
    id: 'negated-never', file: NEGATED, find: '(not|no|never|cannot|', replace: '(not|never|cannot|',
    bug: '"no X" is no longer seen as negated: a contradiction candidate is missed', tests: ['libs/librarian/test/negation-polarity.int-spec.ts'],
  },
];
