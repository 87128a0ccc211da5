import { isScope, scopeMatches } from '@engram/memory';
import { InvalidInputError, ScopeNotVisibleError } from './errors.js';

/**
 * Who is calling and from where. `scope` is the session's home scope (e.g. `project:acme`);
 * a request may name its own scope, which then replaces it for that call.
 */
export interface CallContext {
  /** Actor id recorded in the gate's audit trail, e.g. `mcp:claude-code` or `cli:alice`. */
  actor: string;
  scope?: string;
  /** Operators (the admin CLI) read across every scope; agents never do. */
  admin?: boolean;
  /**
   * Admin only: the concrete scopes "every scope" means for reads that need a list (search and
   * retrieval rank within named scopes); the CLI lists the scopes present in the database.
   */
  operatorScopes?: readonly string[];
  /** Scope patterns the caller's credential allows (an API key's scopes, ADR-0027); undefined: all. */
  allowedScopes?: readonly string[];
}

/** The scope a write goes to: the request's, else the session's, else `global`. */
export function resolveWriteScope(requested: string | undefined, ctx: CallContext): string {
  const scope = requested ?? ctx.scope ?? 'global';
  if (!isScope(scope)) {
    throw new InvalidInputError(`invalid scope "${scope}": expected global, project:<id> or agent:<id>`);
  }
  if (ctx.allowedScopes && !ctx.allowedScopes.some((p) => scopeMatches(p, scope))) throw new ScopeNotVisibleError(scope, ctx.allowedScopes);
  return scope;
}

/**
 * The scopes a read sees: `global` plus the requested (or session) scope. Reads never see other
 * projects' or agents' memories (SPEC 5: scopes never leak). `undefined` (admin only) means every scope.
 */
export function resolveReadScopes(requested: string | undefined, ctx: CallContext): string[] | undefined {
  if (ctx.admin && requested === undefined) return ctx.operatorScopes ? [...new Set(['global', ...ctx.operatorScopes])] : undefined;
  const scope = resolveWriteScope(requested, ctx);
  const scopes = scope === 'global' ? ['global'] : ['global', scope];
  // A key limited to some scopes reads only those (global too only when its patterns allow it).
  return ctx.allowedScopes ? scopes.filter((s) => ctx.allowedScopes!.some((p) => scopeMatches(p, s))) : scopes;
}
