import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ConfigError } from '../errors.js';

/** Who an API key speaks for (ADR-0027). `scopes` are patterns (`project:acme`, `project:*`, `*` for all). */
export interface KeyIdentity {
  name: string;
  actor: string;
  trust: 'standard' | 'trusted';
  scopes: string[];
}

/** A key as `engram keys list` shows it: never the key itself, only its first characters. */
export interface ApiKeyInfo extends KeyIdentity {
  id: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/** What `engram keys add` takes. */
export interface NewApiKey {
  name: string;
  actor?: string;
  trust?: 'standard' | 'trusted';
  scopes?: string[];
}

const PREFIX_LENGTH = 12;

/** SHA-256 of a key: what is stored and looked up (keys are 32 random bytes, so no salt is needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const SCOPE_PATTERN = /^(\*|global|(project|agent):(\*|\S{1,500}))$/;

function checkNewKey(input: NewApiKey): Required<NewApiKey> {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(input.name)) throw new ConfigError(`key name "${input.name}" must be 1-64 letters, digits, ".", "_" or "-"`);
  const scopes = input.scopes && input.scopes.length > 0 ? input.scopes : ['*'];
  const bad = scopes.find((s) => !SCOPE_PATTERN.test(s));
  if (bad) throw new ConfigError(`scope "${bad}" must be *, global, project:<id|*> or agent:<id|*>`);
  const actor = input.actor ?? `key:${input.name}`;
  if (actor.length > 200 || /\s/.test(actor)) throw new ConfigError(`actor "${actor}" must be at most 200 characters without spaces`);
  return { name: input.name, actor, trust: input.trust ?? 'standard', scopes };
}

/**
 * API keys in the `api_keys` table: created, listed and revoked by the operator (`engram keys`),
 * verified by the servers. The key is shown once, at creation; only its hash is stored.
 */
export class ApiKeyStore {
  constructor(private readonly db: Kysely<any>) {}

  async add(input: NewApiKey): Promise<{ key: string; info: ApiKeyInfo }> {
    const k = checkNewKey(input);
    const key = `engram_${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    try {
      await sql`INSERT INTO api_keys (id, name, prefix, key_hash, actor, trust, scopes)
                VALUES (${id}, ${k.name}, ${key.slice(0, PREFIX_LENGTH)}, ${hashApiKey(key)}, ${k.actor}, ${k.trust}, ${k.scopes}::text[])`.execute(this.db);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ConfigError(`a key named "${k.name}" exists already (revoke it or pick another name)`);
      throw error;
    }
    const info = (await this.list(true)).find((i) => i.id === id);
    if (!info) throw new Error('the new key was not stored');
    return { key, info };
  }

  async list(includeRevoked = false): Promise<ApiKeyInfo[]> {
    const { rows } = await sql<{ id: string; name: string; prefix: string; actor: string; trust: 'standard' | 'trusted'; scopes: string[]; created_at: Date; revoked_at: Date | null }>`
      SELECT id, name, prefix, actor, trust, scopes, created_at, revoked_at FROM api_keys
       WHERE ${includeRevoked} OR revoked_at IS NULL ORDER BY created_at, name`.execute(this.db);
    return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, actor: r.actor, trust: r.trust, scopes: r.scopes, createdAt: r.created_at, revokedAt: r.revoked_at }));
  }

  /** Revokes the key named `name`; false when no active key has that name. */
  async revoke(name: string): Promise<boolean> {
    const r = await sql`UPDATE api_keys SET revoked_at = now() WHERE name = ${name} AND revoked_at IS NULL`.execute(this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  /** The identity of an active key, or null. */
  async verify(key: string): Promise<KeyIdentity | null> {
    const { rows } = await sql<KeyIdentity>`
      SELECT name, actor, trust, scopes FROM api_keys WHERE key_hash = ${hashApiKey(key)} AND revoked_at IS NULL`.execute(this.db);
    return rows[0] ?? null;
  }

  /** Actors of active trusted keys (not throttled per record: the bulk path). */
  async trustedActors(): Promise<Set<string>> {
    const { rows } = await sql<{ actor: string }>`SELECT DISTINCT actor FROM api_keys WHERE trust = 'trusted' AND revoked_at IS NULL`.execute(this.db);
    return new Set(rows.map((r) => r.actor));
  }
}
