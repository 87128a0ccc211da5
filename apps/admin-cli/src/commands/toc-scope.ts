import { projectScopeFor } from '@engram/conversation';

/** The project a TOC/events command reads: --project (name or scope), else the git repository of the working directory (as the hooks infer it). */
export function projectOf(opts: Record<string, unknown>): string {
  const given = opts['project'] as string | undefined;
  if (given) return given.includes(':') ? given : `project:${given}`;
  return projectScopeFor(process.cwd());
}
