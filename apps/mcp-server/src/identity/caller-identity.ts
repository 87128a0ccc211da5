import { userInfo } from 'node:os';
import type { CallContext } from '@engram/agents';

/**
 * Who calls (ADR-0027): from the credential, never from the name a client gives itself. stdio and
 * an unauthenticated loopback HTTP server act as the local user; an API key as its actor.
 */
export interface CallerIdentity {
  actor: string;
  /** The key's scope patterns; undefined: every scope. */
  allowedScopes?: string[];
  /** What authenticated it: `local`, `shared-key` (ENGRAM_API_KEY) or `key:<name>`. Requests of a session must keep it. */
  credential: string;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'local';
  }
}

/** The local user (stdio; loopback HTTP without a key). */
export function localIdentity(): CallerIdentity {
  return { actor: `mcp:${osUser()}`, credential: 'local' };
}

/** The use cases' context of a call by `identity` in a session whose home scope is `scope`. */
export function callContextOf(identity: CallerIdentity, scope: string | undefined): CallContext {
  return { actor: identity.actor, ...(scope !== undefined ? { scope } : {}), ...(identity.allowedScopes ? { allowedScopes: identity.allowedScopes } : {}) };
}
