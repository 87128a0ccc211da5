import { ApiKeyStore, type EngramConfig, type KeyIdentity } from '@engram/infra';
import { actorLimits, rateLimitFrom, SharedRateLimiter } from '@engram/librarian';
import type { Kysely } from 'kysely';

/** How the HTTP servers turn a Bearer token into an identity (ADR-0027). */
export interface KeyVerifier {
  /** The identity of an active key, or null. Cached for {@link KEY_CACHE_MS}: a revoked key stops working within that time. */
  verify(token: string): Promise<KeyIdentity | null>;
}

/** How long a verification (positive or negative) is reused. */
export const KEY_CACHE_MS = 30_000;
const TRUSTED_REFRESH_MS = 30_000;

/** `onVerified` sees every active key presented (the limiter learns trusted actors at once, not at its next refresh). */
export function createKeyVerifier(db: Kysely<any>, onVerified: (identity: KeyIdentity) => void = () => undefined, now: () => number = Date.now): KeyVerifier {
  const store = new ApiKeyStore(db);
  const cache = new Map<string, { identity: KeyIdentity | null; at: number }>();
  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit && now() - hit.at < KEY_CACHE_MS) return hit.identity;
      const identity = await store.verify(token);
      if (identity) onVerified(identity);
      if (cache.size > 10_000) cache.clear();
      cache.set(token, { identity, at: now() });
      return identity;
    },
  };
}

/**
 * The gate's rate limiter for a server: the operator's default (ENGRAM_RATE_LIMIT_BURST /
 * _PER_SECOND) and per-actor rules, the bulk path (`import:*`, actors of trusted keys) not
 * throttled, buckets shared with every other process on the database.
 */
export function composeRateLimiter(config: EngramConfig, db: Kysely<any>, log: (m: string) => void): {
  limiter: SharedRateLimiter; markTrusted(identity: KeyIdentity): void; stop(): Promise<void>;
} {
  let trusted = new Set<string>();
  const store = new ApiKeyStore(db);
  const refresh = () => void store.trustedActors().then((t) => (trusted = t)).catch((e: unknown) => log(`trusted keys not refreshed: ${String(e)}`));
  refresh();
  const timer = setInterval(refresh, TRUSTED_REFRESH_MS);
  timer.unref();
  let warned = false;
  const limiter = new SharedRateLimiter(db, actorLimits(rateLimitFrom(config.rateLimit), config.rateLimit?.actors ?? {}, (a) => trusted.has(a)), {
    onError: (e) => {
      if (!warned) log(`rate limits not shared this time (kept per process until the database answers): ${String(e)}`);
      warned = true;
    },
  });
  limiter.start();
  return {
    limiter,
    markTrusted(identity) {
      if (identity.trust === 'trusted') trusted.add(identity.actor);
    },
    async stop() {
      clearInterval(timer);
      await limiter.stop();
    },
  };
}
