import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.js';

/*
 * Identities and shared limits (issue 18, ADR-0027).
 * - `api_keys`: an HTTP credential maps to an actor, a trust level and the scopes it may use.
 *   Only a SHA-256 of the key is stored (keys are 32 random bytes, so no salt or slow hash is
 *   needed against guessing); `prefix` is the first characters, shown by `engram keys list`.
 *   Managed by the operator CLI; services only read it.
 * - `rate_limit_buckets`: one token bucket per actor shared by every process on the database
 *   (each debits what it took; the row refills by elapsed time). Services read and write it.
 * Frozen in time.
 */
export function buildUp(ctx: MigrationContext) {
  return async function up(db: Kysely<any>): Promise<void> {
    await sql`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        name text NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9._-]{1,64}$'),
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 200),
        trust text NOT NULL CHECK (trust IN ('standard', 'trusted')),
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`.execute(db);
    await sql`
      CREATE TABLE rate_limit_buckets (
        actor text PRIMARY KEY,
        tokens double precision NOT NULL,
        capacity double precision NOT NULL,
        refill_per_second double precision NOT NULL,
        updated_at timestamptz NOT NULL
      )`.execute(db);
    if (ctx.backend !== 'postgres') return;
    await sql`REVOKE ALL ON api_keys FROM engram_service, PUBLIC`.execute(db);
    await sql`GRANT SELECT ON api_keys TO engram_service`.execute(db);
    await sql`REVOKE ALL ON rate_limit_buckets FROM PUBLIC`.execute(db);
    await sql`GRANT SELECT, INSERT, UPDATE ON rate_limit_buckets TO engram_service`.execute(db);
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limit_buckets`.execute(db);
  await sql`DROP TABLE IF EXISTS api_keys`.execute(db);
}
