import { projectScopeFor } from '@engram/conversation';

/*
 * The session scope a client's calls default to (ADR-0025). The CLI, the agent hook and the MCP
 * server derive it the same way: `project:<repository folder>` of the git root the agent works in
 * (projectScopeFor), so a memory an agent stores is the one the hook's conversation log and
 * `engram toc` see. `global` stays available, but only when asked for by name.
 */

/** A --project / ENGRAM_PROJECT / X-Engram-Project value as a scope: `global`, a full scope, or a bare project name. */
export function scopeOfProjectValue(value: string): string {
  const v = value.trim();
  if (v === 'global') return 'global';
  return v.includes(':') ? v : `project:${v}`;
}

/**
 * The default scope of a server process. stdio: the client launched the server inside the
 * project, so its git root (CLAUDE_PROJECT_DIR when Claude Code names it, else the working
 * directory). HTTP serves many clients from one process: no process-wide project; each connection
 * names its own (X-Engram-Project) or falls back to `global`.
 */
export function defaultSessionScope(
  transport: 'stdio' | 'http', given: string | undefined, env: NodeJS.ProcessEnv, cwd: string,
): string | undefined {
  if (given) {
    const problem = projectValueProblem('--project / ENGRAM_PROJECT', given);
    if (problem) throw new Error(problem);
    return scopeOfProjectValue(given);
  }
  if (transport === 'http') return undefined;
  return projectScopeFor(env.CLAUDE_PROJECT_DIR || cwd);
}

/** The header an HTTP client names its project with, per connection (read at initialize). */
export const PROJECT_HEADER = 'x-engram-project';

/**
 * A session scope: global, or project:/agent: and an id of at most 200 characters with no space,
 * control character, slash or backslash that is not `.` or `..` (issue 37: `../etc` is a path,
 * not a project; every name projectScopeFor derives from a folder passes).
 */
const SCOPE_SHAPE = /^(global|(project|agent):[^\s/\\\p{Cc}]{1,200})$/u;
const DOT_NAMES = new Set(['.', '..']);

/** Why a --project / ENGRAM_PROJECT / X-Engram-Project value is not a session scope, or undefined when it is one. */
export function projectValueProblem(source: string, value: string): string | undefined {
  const scope = scopeOfProjectValue(value);
  if (SCOPE_SHAPE.test(scope) && !DOT_NAMES.has(scope.slice(scope.indexOf(':') + 1))) return undefined;
  return `${source} must be global, a project name or project:<id>, where a name has no spaces, slashes or backslashes ` +
    `and is not "." or ".." (got "${value.slice(0, 80)}")`;
}

/**
 * The scope a new HTTP session uses: the X-Engram-Project header when present, else the
 * server's default. A malformed header is refused (the caller answers 400) instead of silently
 * writing to another scope.
 */
export function sessionScopeFromHeaders(
  headers: Record<string, string | string[] | undefined>, fallback: string | undefined,
): { scope: string | undefined } | { problem: string } {
  const raw = headers[PROJECT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return { scope: fallback };
  const problem = projectValueProblem('X-Engram-Project', value);
  return problem ? { problem } : { scope: scopeOfProjectValue(value) };
}
