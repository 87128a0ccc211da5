import { InvalidRecordError } from './errors.js';

/** A memory scope: shared by everyone, one project, or one agent. */
export type Scope = 'global' | `project:${string}` | `agent:${string}`;

/** The parsed form of a {@link Scope}. */
export type ParsedScope = { kind: 'global' } | { kind: 'project' | 'agent'; id: string };

const SCOPE_RE = /^(global|(project|agent):(\S.*))$/;

/** True when `value` is a well-formed scope (mirrors the database CHECK constraint). */
export function isScope(value: string): value is Scope {
  return SCOPE_RE.test(value) && value.length <= 512;
}

/** Parses a scope string; throws InvalidRecordError for anything else. */
export function parseScope(value: string): ParsedScope {
  const m = SCOPE_RE.exec(value);
  if (!m || value.length > 512) {
    throw new InvalidRecordError(`invalid scope "${value}": expected global, project:<id> or agent:<id>`);
  }
  if (m[1] === 'global') return { kind: 'global' };
  return { kind: m[2] as 'project' | 'agent', id: m[3] as string };
}

/**
 * True when `scope` matches `pattern`. Patterns are exact scopes, `*` (anything),
 * or a prefix ending in `*` (`project:*`, `project:acme-*`).
 */
export function scopeMatches(pattern: string, scope: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return scope.startsWith(pattern.slice(0, -1));
  return pattern === scope;
}
