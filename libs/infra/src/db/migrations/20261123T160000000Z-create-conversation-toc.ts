import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * The conversation TOC (issue 5, seed 002 TOC-01..06, GRIP-01..03, TELE-01/02; ADR-0013).
 * - toc_nodes: one row per VERSION of a Year/Month/Week/Day/Segment node. Rows are never updated:
 *   a rebuild appends version n+1 (TOC-06). Keyword (tsvector) and vector indexes make it the
 *   teleport index over node summaries.
 * - toc_latest: the pointer to each node's current version, with the columns navigation needs
 *   (parent, time bounds), so browsing is an index range scan that never touches old versions.
 * - toc_grips: immutable provenance excerpts (GRIP-01/03), keyed by a content hash.
 * - toc_checkpoints: one row per project, the resumable state of the builder (TOC-05, STOR-03).
 * Derived data, rebuildable from conversation_events: the service role may write it (the gate
 * governs memories, not this index), but may UPDATE nothing of a node version or grip except its vector. Frozen in
 * time: never import application code here.
 */
export function buildUp(ctx: MigrationContext) {
  const dim = sql.raw(String(ctx.embeddingDim));
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE toc_nodes (
        project text NOT NULL,
        node_id text NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        level text NOT NULL CHECK (level IN ('year', 'month', 'week', 'day', 'segment')),
        parent_id text,
        start_ts timestamptz NOT NULL,
        end_ts timestamptz NOT NULL,
        title text NOT NULL,
        bullets jsonb NOT NULL,
        keywords text[] NOT NULL,
        child_ids text[] NOT NULL,
        event_count integer NOT NULL,
        token_count integer NOT NULL,
        summariser text NOT NULL,
        source_hash text NOT NULL,
        search_text text NOT NULL,
        search_tsv tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', search_text), 'B')
        ) STORED,
        embedding vector(${dim}),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project, node_id, version)
      )`.execute(db);
    await sql`CREATE INDEX toc_nodes_tsv_idx ON toc_nodes USING gin (search_tsv)`.execute(db);
    await sql`CREATE INDEX toc_nodes_embedding_idx ON toc_nodes USING hnsw (embedding vector_cosine_ops)`.execute(db);
    await sql`
      CREATE TABLE toc_latest (
        project text NOT NULL,
        node_id text NOT NULL,
        version integer NOT NULL,
        level text NOT NULL,
        parent_id text,
        start_ts timestamptz NOT NULL,
        end_ts timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project, node_id),
        FOREIGN KEY (project, node_id, version) REFERENCES toc_nodes (project, node_id, version)
      )`.execute(db);
    await sql`CREATE INDEX toc_latest_children_idx ON toc_latest (project, parent_id, start_ts, node_id)`.execute(db);
    await sql`CREATE INDEX toc_latest_level_idx ON toc_latest (project, level, start_ts DESC, node_id)`.execute(db);
    await sql`
      CREATE TABLE toc_grips (
        grip_id text PRIMARY KEY,
        project text NOT NULL,
        node_id text NOT NULL,
        excerpt text NOT NULL,
        event_id_start text NOT NULL,
        event_id_end text NOT NULL,
        ts timestamptz NOT NULL,
        source text NOT NULL,
        search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', excerpt)) STORED,
        embedding vector(${dim}),
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    await sql`CREATE INDEX toc_grips_project_ts_idx ON toc_grips (project, ts)`.execute(db);
    await sql`CREATE INDEX toc_grips_tsv_idx ON toc_grips USING gin (search_tsv)`.execute(db);
    await sql`CREATE INDEX toc_grips_embedding_idx ON toc_grips USING hnsw (embedding vector_cosine_ops)`.execute(db);
    await sql`
      CREATE TABLE toc_checkpoints (
        project text PRIMARY KEY,
        run_id text NOT NULL,
        state jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT, DELETE ON toc_nodes, toc_grips TO engram_service`.execute(db);
      await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON toc_latest, toc_checkpoints TO engram_service`.execute(db);
      // Vectors are derived from the stored text and filled in later when no model was loaded at build time.
      await sql`GRANT UPDATE (embedding) ON toc_nodes, toc_grips TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS toc_checkpoints, toc_grips, toc_latest, toc_nodes`.execute(db);
}
