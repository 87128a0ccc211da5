import { projectScopeFor } from '@engram/conversation';

/**
 * The project a TOC/events command reads: --project (name or scope), else ENGRAM_PROJECT, else the
 * git repository of the working directory: the same project the hook and the MCP server use.
 */
export function projectOf(opts: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): string {
  const given = opts['project'] as string | undefined;
  if (given) return given.includes(':') ? given : `project:${given}`;
  return projectScopeFor(process.cwd(), env['ENGRAM_PROJECT'] || undefined);
}
