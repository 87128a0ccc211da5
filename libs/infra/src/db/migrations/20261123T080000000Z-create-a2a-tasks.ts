import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * The A2A server's task store (issue 4): tasks persist in the shared database, so any instance
 * answers tasks/get and a restart loses no task. The table has exactly the shape @a2a-js/sdk's
 * `DatabaseTaskStore` reads and writes (its own `a2a-db` migration 0001_create_tasks, PostgreSQL
 * dialect), under our name; the store is told the name at run time. Tasks are protocol state, not
 * memories, so the service role may write them directly. Frozen in time: never import the SDK here.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE a2a_tasks (
        tenant varchar(255) COLLATE "C" NOT NULL,
        owner varchar(255) COLLATE "C" NOT NULL,
        id varchar(36) COLLATE "C" NOT NULL,
        context_id varchar(36) COLLATE "C" NOT NULL,
        status_last_updated bigint NOT NULL,
        status_state varchar(255) COLLATE "C",
        status text,
        artifacts text,
        history text,
        metadata text,
        protocol_version varchar(255),
        CONSTRAINT a2a_tasks_pkey PRIMARY KEY (tenant, owner, id)
      )`.execute(db);
    await sql`CREATE INDEX a2a_tasks_scope_updated_idx ON a2a_tasks (tenant, owner, status_last_updated, id)`.execute(db);
    await sql`CREATE INDEX a2a_tasks_scope_context_updated_idx ON a2a_tasks (tenant, owner, context_id, status_last_updated, id)`.execute(db);
    if (ctx.backend === 'postgres') {
      await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON a2a_tasks TO engram_service`.execute(db);
    }
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS a2a_tasks`.execute(db);
}
