import { scopeMatches } from '@engram/memory';

/** Who submits a write. `allowedScopes` are scope patterns (`project:*`); undefined means all scopes. */
export interface Actor {
  id: string;
  kind: 'user' | 'agent' | 'tool' | 'import';
  allowedScopes?: string[];
}

/** True when the actor may write to `scope`. */
export function actorMayWrite(actor: Actor, scope: string): boolean {
  return actor.allowedScopes === undefined || actor.allowedScopes.some((p) => scopeMatches(p, scope));
}

/** The first scope in `scopes` the actor may not write, if any. */
export function firstDeniedScope(actor: Actor, scopes: readonly string[]): string | undefined {
  return scopes.find((s) => !actorMayWrite(actor, s));
}
