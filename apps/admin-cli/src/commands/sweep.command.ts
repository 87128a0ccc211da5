import { SWEEP_NAMES, type SweepName } from '@engram/lifecycle';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { action, withRuntime, type CliCommand } from './command-kit.js';

const isSweep = (s: string): s is SweepName => (SWEEP_NAMES as readonly string[]).includes(s);

/** `engram sweep run <archive|consolidate|reembed> [--dry-run]`: one lifecycle sweep now, for operators. */
export const sweepCommand: CliCommand = {
  register(program: Command) {
    const sweep = program.command('sweep').description('lifecycle sweeps (archive faded memories, consolidate events, re-embed)');
    sweep
      .command('run')
      .argument('<sweep>', `one of ${SWEEP_NAMES.join(', ')}`)
      .option('--dry-run', 'report what the sweep would do; change nothing')
      .description('run one sweep now (resumes an unfinished run from its checkpoint)')
      .action(action(async ({ env, out, args, opts }) => {
        const name = String(args[0]);
        if (!isSweep(name)) throw new CliError('INVALID_INPUT', `unknown sweep "${name}": use one of ${SWEEP_NAMES.join(', ')}`);
        const report = await withRuntime(env, (rt) => rt.lifecycle.runSweep(name, { dryRun: opts['dryRun'] === true }));
        out.result(report, () => [
          `sweep ${report.sweep}${report.dryRun ? ' (dry run)' : ''} ${report.status} in ${report.durationMs} ms (run ${report.runId}${report.resumedFrom ? `, resumed from ${report.resumedFrom}` : ''})`,
          ...Object.entries(report.counts).map(([k, v]) => `  ${k}: ${v}`),
          ...Object.entries(report.details ?? {}).map(([k, v]) => `  ${k}: ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(3) : String(v)}`),
          ...(report.planned ?? []).map((p) => `  - ${JSON.stringify(p)}`),
        ]);
      }));
  },
};
