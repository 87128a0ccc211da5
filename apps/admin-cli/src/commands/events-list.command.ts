import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { action, withUseCases } from './command-kit.js';
import { projectOf } from './toc-scope.js';

const date = (v: unknown, name: string): Date => {
  const d = new Date(String(v));
  if (Number.isNaN(d.getTime())) throw new CliError('INVALID_INPUT', `${name} must be an ISO date or date-time`);
  return d;
};

/** `engram events list` (seed 002 QRY-04 / CLI-02): raw events of a project by source time range. */
export function registerEventsList(events: Command): void {
  events.command('list').description('events of a project in source-time order (from inclusive, to exclusive)')
    .option('--project <scope>', 'project (name or project:<id>); default: the git repository of the working directory')
    .option('--from <when>', 'ISO date/time').option('--to <when>', 'ISO date/time')
    .option('--limit <n>', 'page size (max 1000)', '100').option('--cursor <cursor>', 'next page')
    .action(action(async ({ env, out, ctx, opts }) => {
      const limit = Number(opts['limit']);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('INVALID_INPUT', '--limit must be a whole number in 1..1000');
      const r = await withUseCases(env, 'conversation', (service) => service.toc.events(ctx, {
        scope: projectOf(opts), limit,
        ...(opts['from'] ? { from: date(opts['from'], '--from') } : {}), ...(opts['to'] ? { to: date(opts['to'], '--to') } : {}),
        ...(opts['cursor'] ? { cursor: String(opts['cursor']) } : {}),
      }));
      out.result(r, () => [
        ...r.events.map((e) => `${e.ts.toISOString()} ${e.eventId} [${e.agent}/${e.sessionId}] ${e.role}: ${e.text.replace(/\s+/g, ' ').slice(0, 160)}`),
        ...(r.nextCursor ? [`more: --cursor ${r.nextCursor}`] : []),
      ]);
    }));
}
