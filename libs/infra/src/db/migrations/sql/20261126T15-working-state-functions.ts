/*
 * The three writes the service login still made directly on working-state tables (issue 17,
 * second round), each now a SECURITY DEFINER function that checks what the table alone could not.
 * Frozen in time: never import application code here.
 */

/** Conversation log append: scope-shaped project, bounded batch, idempotent on event_id, outbox row per NEW event. */
export const appendEventsSql = `
CREATE OR REPLACE FUNCTION engram_append_conversation_events(p_events jsonb) RETURNS SETOF text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE bad text;
BEGIN
  IF jsonb_typeof(p_events) IS DISTINCT FROM 'array' OR jsonb_array_length(p_events) > 1000 THEN
    RAISE EXCEPTION 'conversation events must be a JSON array of at most 1000 events' USING ERRCODE = '22023';
  END IF;
  SELECT coalesce(e->>'project', '(none)') INTO bad FROM jsonb_array_elements(p_events) AS x(e)
   WHERE NOT coalesce((e->>'project') ~ '^(global|(project|agent):\\S.*)$' AND length(e->>'project') <= 512, false) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'conversation event project "%" is not a scope', bad USING ERRCODE = '22023';
  END IF;
  RETURN QUERY
  WITH new_events AS (
    INSERT INTO conversation_events (event_id, project, agent, session_id, ts, kind, role, text, metadata, tokens)
    SELECT e->>'event_id', e->>'project', e->>'agent', e->>'session_id', (e->>'ts')::timestamptz, e->>'kind', e->>'role',
           e->>'text', coalesce(e->'metadata', '{}'::jsonb), coalesce((e->>'tokens')::integer, 0)
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, n) ORDER BY n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING conversation_events.event_id, conversation_events.project
  ), queued AS (
    INSERT INTO conversation_outbox (event_id, project) SELECT ne.event_id, ne.project FROM new_events ne
    RETURNING conversation_outbox.event_id
  )
  SELECT q.event_id FROM queued q;
END $$`;

/** One weight-history row: each weight in [0, 1], summing to 1, with a short reason. */
export const recordWeightsSql = `
CREATE OR REPLACE FUNCTION engram_record_weights(p_recency double precision, p_frequency double precision,
  p_entity_importance double precision, p_reason text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT coalesce(p_recency BETWEEN 0 AND 1 AND p_frequency BETWEEN 0 AND 1 AND p_entity_importance BETWEEN 0 AND 1
      AND abs(p_recency + p_frequency + p_entity_importance - 1) <= 1e-6, false) THEN
    RAISE EXCEPTION 'relevance weights must each lie in [0, 1] and sum to 1' USING ERRCODE = '22023';
  END IF;
  IF NOT coalesce(length(p_reason) BETWEEN 1 AND 500, false) THEN
    RAISE EXCEPTION 'a weight update needs a reason of 1 to 500 characters' USING ERRCODE = '22023';
  END IF;
  INSERT INTO lifecycle_weights (recency, frequency, entity_importance, reason)
  VALUES (p_recency, p_frequency, p_entity_importance, p_reason);
END $$`;

/** TOC compaction: deletes only node versions no toc_latest row points to, older than the given days. */
export const compactTocSql = `
CREATE OR REPLACE FUNCTION engram_compact_toc(p_project text, p_older_than_days integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE deleted integer;
BEGIN
  IF p_project IS NULL OR p_older_than_days IS NULL OR p_older_than_days < 0 THEN
    RAISE EXCEPTION 'compaction needs a project and older-than days >= 0' USING ERRCODE = '22023';
  END IF;
  DELETE FROM toc_nodes n
   WHERE n.project = p_project AND n.created_at < now() - make_interval(days => p_older_than_days)
     AND NOT EXISTS (SELECT 1 FROM toc_latest l WHERE l.project = n.project AND l.node_id = n.node_id AND l.version = n.version);
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END $$`;
