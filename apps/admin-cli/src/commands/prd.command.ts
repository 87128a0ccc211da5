import { PRD_STATUSES, type PrdExecution, type PrdStatus } from '@engram/agents';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { clip, table } from '../output.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';

const int = (v: string) => Number.parseInt(v, 10);

function statusOption(value: unknown): PrdStatus | undefined {
  if (value === undefined) return undefined;
  if (!(PRD_STATUSES as readonly unknown[]).includes(value)) throw new CliError('INVALID_INPUT', `--status must be one of ${PRD_STATUSES.join(', ')}`);
  return value as PrdStatus;
}

function progressLine(e: PrdExecution): string {
  const p = e.progress;
  return `${p.completed.length} done, ${p.in_progress.length} in progress, ${p.blocked.length} blocked, ${p.not_started.length} not started`;
}

/** `engram prd list|show|events`: inspect PRD executions (seed 004) across every scope. */
export const prdCommand: CliCommand = {
  register(program: Command) {
    const prd = program.command('prd').description('inspect PRD executions (work continuity)');
    prd
      .command('list')
      .description('PRD executions, most recently updated first')
      .option('--scope <scope>', 'one scope (plus global); default every scope')
      .option('--status <status>', `only this status (${PRD_STATUSES.join(', ')})`)
      .option('--limit <n>', 'how many', int, 50)
      .action(action(async ({ env, out, ctx, opts }) => {
        const status = statusOption(opts.status);
        const items = await withUseCases(env, 'continuity', (service) => service.prd.list(ctx, {
          limit: Number(opts.limit), ...(opts.scope ? { scope: String(opts.scope) } : {}), ...(status ? { status } : {}),
        }));
        out.result({ items }, () => items.length
          ? table(items.map((e) => [e.id, e.status, e.scope, String(e.lastSeq), progressLine(e), clip(e.title ?? e.ref)]),
            ['ID', 'STATUS', 'SCOPE', 'EVENTS', 'PROGRESS', 'PRD'])
          : ['no PRD executions']);
      }));
    prd
      .command('show <id>')
      .description('the resume context of one execution: progress, blockers, decisions, learnings, recent events, narrative')
      .option('--events <n>', 'recent events to show', int, 20)
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const c = await withUseCases(env, 'continuity', (service) => service.prd.context(String(args[0]), ctx, { eventLimit: Number(opts.events), maxTokens: 1_000_000 }));
        const p = c.progress;
        out.result(c, () => [
          `${c.execution.id}  ${c.execution.title ?? c.execution.ref}  (${c.execution.ref}, ${c.execution.scope})`,
          `status ${c.execution.status}   events ${c.execution.eventCount}   hash ${c.execution.hash ?? '-'}`,
          `completed: ${p.completed.join(', ') || '-'}`, `in progress: ${p.in_progress.join(', ') || '-'}`,
          `blocked: ${p.blocked.join(', ') || '-'}`, `not started: ${p.not_started.join(', ') || '-'}`,
          ...c.blockers.map((b) => `BLOCKER ${b.requirementId}: ${b.summary} (since #${b.seq})`),
          ...c.decisions.map((d) => `DECISION ${d.decision}${d.reason ? ` — because ${d.reason}` : ''}${d.alternatives.length ? ` (rejected: ${d.alternatives.join('; ')})` : ''} [memory: ${d.memory?.status ?? 'none'}]`),
          ...c.learnings.map((l) => `LEARNING #${l.seq} ${l.type}: ${l.summary}`),
          ...(c.recentEvents.length ? ['recent events:', ...c.recentEvents.map((e) => `  #${e.seq} ${e.type}${e.requirementId ? ` ${e.requirementId}` : ''}: ${clip(e.summary)}`)] : []),
          ...(c.narrative ? ['', c.narrative] : []),
        ]);
      }));
    prd
      .command('events <id>')
      .description('the full event log in order (paginated by sequence number)')
      .option('--after <seq>', 'start after this sequence number', int, 0)
      .option('--limit <n>', 'page size', int, 100)
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const events = await withUseCases(env, 'continuity', (service) => service.prd.events(String(args[0]), ctx, { afterSeq: Number(opts.after), limit: Number(opts.limit) }));
        const last = events.at(-1);
        out.result({ events, ...(last && events.length === Number(opts.limit) ? { next_after: last.seq } : {}) }, () => [
          ...(events.length
            ? table(events.map((e) => [String(e.seq), e.occurredAt.toISOString(), e.type, e.requirementId ?? '-', e.formation?.status ?? '-', clip(e.summary)]),
              ['SEQ', 'AT', 'TYPE', 'REQ', 'MEMORY', 'SUMMARY'])
            : ['no events']),
          ...(last && events.length === Number(opts.limit) ? [`next page: --after ${last.seq}`] : []),
        ]);
      }));
  },
};
