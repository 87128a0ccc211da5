import type { Command } from 'commander';
import { action, withRuntime, type CliCommand } from './command-kit.js';
import { formatStats } from './stats-format.js';

/** `engram stats`: seed 003 8.2 lifecycle metrics (ages, confidence, consolidation, sweeps, learning). */
export const statsCommand: CliCommand = {
  register(program: Command) {
    program
      .command('stats')
      .description('lifecycle metrics: memory ages, effective confidence, consolidation, sweep runs, learning (--json for machines)')
      .action(action(async ({ env, out }) => {
        const stats = await withRuntime(env, (rt) => rt.lifecycle.stats());
        out.result(stats, () => formatStats(stats));
      }));
  },
};
