import type { Command } from 'commander';
import { action, withRuntime, type CliCommand } from './command-kit.js';

/** `engram migrate`: applies pending schema migrations (safe to run concurrently). */
export const migrateCommand: CliCommand = {
  register(program: Command) {
    program
      .command('migrate')
      .description('apply pending database migrations')
      .action(action(async ({ env, out }) => {
        const applied = await withRuntime(env, async (rt) => rt.migrationsApplied);
        out.result({ applied }, () => (applied.length ? applied.map((m) => `applied ${m}`) : ['database schema up to date']));
      }));
  },
};
