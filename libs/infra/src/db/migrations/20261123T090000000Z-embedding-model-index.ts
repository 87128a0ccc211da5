import { sql, type Kysely } from 'kysely';

/*
 * Every vector or hybrid search reports how many visible records vector search cannot see yet
 * (no vector, or a vector of another model). Counted over the visible rows that took 40 ms at
 * 100k memories and grew with the table. With this index the "other model" part is two index
 * range scans (`(model, version) < / > (current)`), empty unless a model swap is being
 * re-embedded; the "no vector" part already has the partial index memories_unembedded_idx.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX memories_embedding_model_idx ON memories (embedding_model, embedding_model_version) WHERE embedding IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS memories_embedding_model_idx`.execute(db);
}
