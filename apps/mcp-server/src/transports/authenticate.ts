import { bearerOf, safeEqual } from '@engram/agents';
import type { KeyVerifier } from '@engram/runtime';
import { localIdentity, type CallerIdentity } from '../identity/caller-identity.js';
import { checkAccess, type AccessDenial, type HttpAccessConfig } from './http-access.js';

/** The shared ENGRAM_API_KEY's actor: one identity for every client that holds it. */
export const SHARED_KEY_ACTOR = 'key:default';

/**
 * Host/Origin first (DNS rebinding), then the credential (ADR-0027): the shared ENGRAM_API_KEY
 * (actor `key:default`), a key from `engram keys add` (its actor, trust and scopes), or none,
 * which a server without ENGRAM_API_KEY (loopback only) accepts as the local user.
 */
export async function authenticate(
  access: HttpAccessConfig, keys: KeyVerifier, headers: Record<string, string | string[] | undefined>,
): Promise<{ identity: CallerIdentity } | { denial: AccessDenial }> {
  const hostDenial = checkAccess({ ...access, apiKey: undefined }, headers);
  if (hostDenial) return { denial: hostDenial };
  const auth = typeof headers.authorization === 'string' ? headers.authorization : '';
  const bearer = bearerOf(auth);
  if (bearer === undefined) {
    if (access.apiKey) return { denial: { status: 401, message: auth ? 'Invalid API key' : 'Missing Bearer API key' } };
    return { identity: localIdentity() };
  }
  if (access.apiKey && safeEqual(bearer, access.apiKey)) return { identity: { actor: SHARED_KEY_ACTOR, credential: 'shared-key' } };
  const key = await keys.verify(bearer).catch(() => null);
  if (!key) return { denial: { status: 401, message: 'Invalid API key' } };
  const scopes = key.scopes.includes('*') ? undefined : key.scopes;
  return { identity: { actor: key.actor, credential: `key:${key.name}`, ...(scopes ? { allowedScopes: scopes } : {}) } };
}
