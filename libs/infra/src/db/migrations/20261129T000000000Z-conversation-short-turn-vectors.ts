import { sql, type Kysely } from 'kysely';

/*
 * Issue 35, ADR-0055: the conversation embedding job now reads a short dialogue turn (fewer than 20
 * words) with the turns before it in its burst and their prompt, as memory's indexer does
 * (ADR-0049). The vectors such turns already have were made from their own words alone: they are
 * dropped, and the job makes them again (vectors are derived data, 20261126T110000000Z). Longer
 * turns and other events keep theirs. Until the job catches up, keyword search still finds them.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM conversation_event_vectors v USING conversation_events e
    WHERE e.event_id = v.event_id AND e.kind IN ('user_message', 'assistant_message')
      AND cardinality(regexp_split_to_array(btrim(e.text), '\\s+')) < 20`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the job re-embeds whatever has no vector.
}
