import type { GateRequestState, GateRequestView } from '@engram/agents';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { clip, table } from '../output.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';

function requestJson(r: GateRequestView): Record<string, unknown> {
  return { ...r, createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null };
}

function summary(r: GateRequestView): string {
  const p = (r.payload?.request ?? {}) as { type?: string; content?: string; id?: string };
  return clip(p.content ? `${p.type ?? ''} ${p.content}`.trim() : (p.id ?? ''));
}

/** `engram gate list|show|approve|reject`: the Librarian's manual review queue. */
export const gateCommand: CliCommand = {
  register(program: Command) {
    const gate = program.command('gate').description('review writes queued by the Librarian gate');
    gate
      .command('list')
      .description('list gate requests (pending by default)')
      .option('--status <status>', 'pending | approved | rejected | committed | noop', 'pending')
      .option('--limit <n>', 'at most this many', (v) => Number.parseInt(v, 10), 100)
      .action(action(async ({ env, out, opts }) => {
        const items = await withUseCases(env, 'review', (service) => service.gate.list(opts.status as GateRequestState, Number(opts.limit)));
        out.result({ items: items.map(requestJson) }, () =>
          items.length
            ? table(items.map((r) => [r.id, r.operation, r.scope, r.status, summary(r)]), ['ID', 'OP', 'SCOPE', 'STATUS', 'WHAT'])
            : [`no ${String(opts.status)} requests`]);
      }));
    gate
      .command('show <id>')
      .description('show one gate request with its payload and decision')
      .action(action(async ({ env, out, args }) => {
        const id = String(args[0]);
        const r = await withUseCases(env, 'review', (service) => service.gate.show(id));
        out.result(requestJson(r), () => [
          `request   ${r.id}`, `operation ${r.operation}`, `scope     ${r.scope}`, `status    ${r.status}`,
          `by        ${r.requestedBy} at ${r.createdAt.toISOString()}`, `decision  ${r.decision ?? '-'}: ${r.reason ?? ''}`,
          `reviewer  ${r.reviewer ?? '-'}`, `result    ${r.resultId ?? '-'}`, `payload   ${JSON.stringify(r.payload, null, 2)}`,
        ]);
      }));
    gate
      .command('approve [ids...]')
      .description('approve pending requests (or every pending one with --all)')
      .option('--all', 'approve every pending request (filter with --type)')
      .option('--type <types...>', 'with --all: only requests for these memory types')
      .action(action(async ({ env, out, args, opts, reviewer }) => {
        const ids = (args[0] as string[] | undefined) ?? [];
        if (!opts.all && ids.length === 0) throw new CliError('INVALID_INPUT', 'give request ids or --all');
        const results = await withUseCases(env, 'review', async (service) => {
          if (opts.all) return service.gate.approveAll({ types: opts.type as string[] | undefined }, reviewer);
          const done = [];
          for (const id of ids) done.push(await service.gate.approve(id, reviewer));
          return done;
        });
        out.result({ results }, () =>
          results.length ? results.map((r) => `${r.requestId}: ${r.status}${r.record ? ` → ${r.record.id}` : ''} (${r.reason})`) : ['nothing to approve']);
      }));
    gate
      .command('reject <id>')
      .description('reject a pending request')
      .requiredOption('--reason <text>', 'why (recorded in the audit trail)')
      .action(action(async ({ env, out, args, opts, reviewer }) => {
        const r = await withUseCases(env, 'review', (service) => service.gate.reject(String(args[0]), reviewer, String(opts.reason)));
        out.result(r, () => `${r.requestId}: ${r.status} (${r.reason})`);
      }));
  },
};
