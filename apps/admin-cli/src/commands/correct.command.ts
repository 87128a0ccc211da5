import type { ChangeResult, StoreResult } from '@engram/agents';
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors/to-exit-code.js';
import type { Output } from '../output.js';
import { clip } from '../output.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';

const int = (v: string) => Number.parseInt(v, 10);

/** Parsed inside the action (not as a commander option parser) so a bad value maps to exit 2. */
function jsonObject(v: string | undefined): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new CliError('INVALID_INPUT', '--metadata must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError('INVALID_INPUT', '--metadata must be a JSON object');
  return parsed as Record<string, unknown>;
}

/**
 * Prints a gate outcome. A rejection (e.g. VERSION_CONFLICT, INVALID_STATE) wrote nothing: it is
 * printed like any answer and exits 4 (conflict), so scripts notice without parsing the output.
 */
function report(out: Output, id: string, r: StoreResult | ChangeResult): void {
  const version = r.record ? ` → v${r.record.version} ${r.record.status}` : '';
  out.result(r, () => `${id}: ${r.status}${r.code ? ` (${r.code})` : ''}${version} — ${r.reason}${r.status === 'pending' ? ` [request ${r.requestId}]` : ''}`);
  if (r.status === 'rejected') process.exitCode = EXIT.conflict;
}

function registerUpdate(memory: Command): void {
  memory
    .command('update <id>')
    .description('change a memory in place (new version); refused with VERSION_CONFLICT if it is no longer at --expected-version')
    .requiredOption('--expected-version <n>', 'the version you read (memory get)', int)
    .option('--content <text>', 'new content')
    .option('--tags <tags...>', 'new tags (replace the old ones)')
    .option('--metadata <json>', 'new metadata as a JSON object (replaces the old one)')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const id = String(args[0]);
      const patch = {
        content: opts.content as string | undefined, tags: opts.tags as string[] | undefined,
        metadata: jsonObject(opts.metadata as string | undefined),
      };
      report(out, id, await withUseCases(env, 'memory', (service) => service.update(id, patch, Number(opts.expectedVersion), ctx)));
    }));
}

function registerSupersede(memory: Command): void {
  memory
    .command('supersede <id>')
    .description('replace a memory that was true and has changed: a new record takes over, the old one stays in history')
    .requiredOption('--content <text>', 'the text that is true now')
    .option('--type <type>', 'type of the replacement (default: the old type)')
    .option('--tags <tags...>', 'tags of the replacement')
    .option('--reason <text>', 'why it changed (audit trail)')
    .option('--expected-version <n>', 'refuse if the old memory moved past this version', int)
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const id = String(args[0]);
      const replacement = { content: String(opts.content), type: opts.type as string | undefined, tags: opts.tags as string[] | undefined };
      const r = await withUseCases(env, 'memory', (service) => service.supersede(id, replacement, ctx, {
        reason: opts.reason as string | undefined, expectedVersion: opts.expectedVersion as number | undefined,
      }));
      report(out, `${id} superseded by ${r.id}`, r);
    }));
}

function registerLifecycle(memory: Command): void {
  memory
    .command('invalidate <id>')
    .description('mark a memory as wrong: never returned as current again, kept (with the reason) in its history')
    .requiredOption('--reason <text>', 'why it is wrong')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const id = String(args[0]);
      report(out, id, await withUseCases(env, 'memory', (service) => service.invalidate(id, String(opts.reason), ctx)));
    }));
  memory
    .command('archive <id>')
    .description('archive a memory that is still true but no longer relevant (out of default search)')
    .option('--reason <text>', 'why')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const id = String(args[0]);
      report(out, id, await withUseCases(env, 'memory', (service) => service.archive(id, ctx, opts.reason as string | undefined)));
    }));
  memory
    .command('promote <id>')
    .description('make a project or agent memory global (an operator request; the policy may still queue it)')
    .action(action(async ({ env, out, ctx, args }) => {
      const id = String(args[0]);
      report(out, id, await withUseCases(env, 'memory', (service) => service.promote(id, ctx)));
    }));
  memory
    .command('reinforce <id>')
    .description('confirm a memory still holds: confidence 1.0 and its decay starts over (seed 004)')
    .action(action(async ({ env, out, ctx, args }) => {
      const id = String(args[0]);
      report(out, id, await withUseCases(env, 'memory', (service) => service.reinforce(id, ctx)));
    }));
}

function registerHistory(memory: Command): void {
  memory
    .command('history <id>')
    .description('every version of a memory, oldest first, with the operation, status, reason and recorded time')
    .action(action(async ({ env, out, ctx, args }) => {
      const id = String(args[0]);
      const versions = await withUseCases(env, 'memory', (service) => service.history(id, ctx));
      out.result({ id, versions }, () => versions.map((v) => {
        const why = v.statusReason ? ` (${v.statusReason})` : '';
        const next = v.supersededBy ? ` → ${v.supersededBy}` : '';
        return `v${v.version} ${v.operation.padEnd(10)} ${v.status.padEnd(11)} ${v.recordedAt.toISOString()}  ${clip(v.content)}${why}${next}`;
      }));
    }));
}

/**
 * `engram memory update|supersede|invalidate|archive|promote|reinforce|history` (issue 2 corrections), added
 * to the `memory` group that memory.command.ts creates (registered before this one in COMMANDS).
 */
export const correctCommand: CliCommand = {
  register(program: Command) {
    const memory = program.commands.find((c) => c.name() === 'memory') ?? program.command('memory').description('inspect and correct memories');
    registerUpdate(memory);
    registerSupersede(memory);
    registerLifecycle(memory);
    registerHistory(memory);
  },
};
