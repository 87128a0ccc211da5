/*
 * SQL of migration 20261128T060000000Z (issue 36): the working-state tables the service login
 * still wrote directly (TOC pointers and nodes, rate buckets, A2A tasks), each now written
 * through a function, or guarded by a trigger, that keeps what the table alone could not.
 * Frozen in time: never import application code here.
 */

const DEFINER = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp';

/*
 * The next version of a TOC node and the pointer to it, in one call (T3-05, T3-08): the version
 * is the node's highest plus one and the pointer always names the version just written, so no
 * row the caller made up becomes a node. Returns the version.
 */
export const appendTocNodeSql = `
CREATE OR REPLACE FUNCTION engram_append_toc_node(d jsonb, p_embedding text) RETURNS integer ${DEFINER} AS $fn$
DECLARE
  next_version integer;
BEGIN
  IF coalesce(d->>'project', '') !~ '^(global|(project|agent):\\S.*)$' OR coalesce(d->>'node_id', '') = ''
     OR coalesce(d->>'level', '') NOT IN ('year', 'month', 'week', 'day', 'segment') THEN
    RAISE EXCEPTION 'TOC_NODE_INVALID: a TOC node needs a scope-shaped project, a node id and a level' USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('engram_toc_node'), hashtext((d->>'project') || '/' || (d->>'node_id')));
  SELECT coalesce(max(version), 0) + 1 INTO next_version FROM toc_nodes WHERE project = d->>'project' AND node_id = d->>'node_id';
  INSERT INTO toc_nodes (project, node_id, version, level, parent_id, start_ts, end_ts, title, bullets, keywords, child_ids,
    event_count, token_count, summariser, source_hash, search_text, embedding)
  VALUES (d->>'project', d->>'node_id', next_version, d->>'level', d->>'parent_id', (d->>'start_ts')::timestamptz,
    (d->>'end_ts')::timestamptz, d->>'title', d->'bullets', ARRAY(SELECT jsonb_array_elements_text(d->'keywords')),
    ARRAY(SELECT jsonb_array_elements_text(d->'child_ids')), (d->>'event_count')::integer, (d->>'token_count')::integer,
    d->>'summariser', d->>'source_hash', d->>'search_text', p_embedding::vector);
  INSERT INTO toc_latest (project, node_id, version, level, parent_id, start_ts, end_ts)
  VALUES (d->>'project', d->>'node_id', next_version, d->>'level', d->>'parent_id', (d->>'start_ts')::timestamptz, (d->>'end_ts')::timestamptz)
  ON CONFLICT (project, node_id) DO UPDATE SET version = EXCLUDED.version, level = EXCLUDED.level, parent_id = EXCLUDED.parent_id,
    start_ts = EXCLUDED.start_ts, end_ts = EXCLUDED.end_ts, updated_at = now();
  RETURN next_version;
END
$fn$`;

/*
 * Drops the pointers of a day's segments that a rebuild no longer has: never one the day's
 * current node still lists as a child, so compaction never removes a node the tree shows.
 */
export const dropTocSegmentsSql = `
CREATE OR REPLACE FUNCTION engram_drop_toc_segments(p_project text, p_day_id text, p_keep text[]) RETURNS integer ${DEFINER} AS $fn$
DECLARE
  dropped integer;
BEGIN
  DELETE FROM toc_latest l
   WHERE l.project = p_project AND l.parent_id = p_day_id AND l.level = 'segment'
     AND NOT (l.node_id = ANY(coalesce(p_keep, '{}')))
     AND NOT (l.node_id = ANY(coalesce((SELECT n.child_ids FROM toc_latest dl JOIN toc_nodes n
                ON n.project = dl.project AND n.node_id = dl.node_id AND n.version = dl.version
               WHERE dl.project = p_project AND dl.node_id = p_day_id), '{}')));
  GET DIAGNOSTICS dropped = ROW_COUNT;
  RETURN dropped;
END
$fn$`;

/*
 * The shared rate limit's reconciliation (T3-13): debits are never negative, a bucket refills only
 * by elapsed time up to its capacity, and limits stay within bounds. Same statement the limiter
 * ran directly before.
 */
export const debitRateBucketsSql = `
CREATE OR REPLACE FUNCTION engram_debit_rate_buckets(p_actors text[], p_capacity float8[], p_refill float8[], p_debit float8[])
RETURNS TABLE (actor text, tokens float8) ${DEFINER} AS $fn$
#variable_conflict use_column
BEGIN
  IF EXISTS (SELECT 1 FROM unnest(p_actors, p_capacity, p_refill, p_debit) AS i(a, c, r, d)
              WHERE a IS NULL OR NOT (c > 0 AND c <= 1000000) OR NOT (r >= 0 AND r <= 100000) OR NOT (d >= 0 AND d <= 1000000)) THEN
    RAISE EXCEPTION 'RATE_BUCKET_INVALID: capacities in (0, 1e6], refills in [0, 1e5] per second and debits in [0, 1e6]'
      USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
  INSERT INTO rate_limit_buckets AS b (actor, tokens, capacity, refill_per_second, updated_at)
  SELECT i.a, i.c - i.d, i.c, i.r, clock_timestamp()
    FROM unnest(p_actors, p_capacity, p_refill, p_debit) AS i(a, c, r, d)
   ORDER BY i.a
  ON CONFLICT ON CONSTRAINT rate_limit_buckets_pkey DO UPDATE SET
    tokens = GREATEST(-EXCLUDED.capacity, LEAST(EXCLUDED.capacity,
               b.tokens + EXCLUDED.refill_per_second * extract(epoch FROM clock_timestamp() - b.updated_at)::float8)
             - (EXCLUDED.capacity - EXCLUDED.tokens)),
    capacity = EXCLUDED.capacity, refill_per_second = EXCLUDED.refill_per_second, updated_at = clock_timestamp()
  RETURNING b.actor, b.tokens;
END
$fn$`;

/*
 * A2A tasks (T3-14): the SDK's task store upserts rows and never deletes one, so the service login
 * keeps INSERT and UPDATE but loses DELETE; this trigger keeps a task's identity and owner, and
 * a finished task's state (completed, failed, canceled, rejected) final. The SDK may still add
 * history and artifacts to it, so a finished task's content is not frozen.
 */
export const a2aTaskGuardSql = `
CREATE OR REPLACE FUNCTION engram_a2a_task_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
BEGIN
  IF (NEW.tenant, NEW.owner, NEW.id, NEW.context_id) IS DISTINCT FROM (OLD.tenant, OLD.owner, OLD.id, OLD.context_id) THEN
    RAISE EXCEPTION 'A2A_TASK_FINAL: task % keeps its tenant, owner and context', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status_state IN ('TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED')
     AND NEW.status_state IS DISTINCT FROM OLD.status_state THEN
    RAISE EXCEPTION 'A2A_TASK_FINAL: task % is %, a finished task keeps its state', OLD.id, OLD.status_state USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$fn$`;
