import { spawnSync } from 'node:child_process';
import type { Command } from 'commander';
import { fetchModelScript } from '../composition-root.js';
import { action, withRuntime, type CliCommand } from './command-kit.js';

/** `engram init`: home directory, default policy file, migrated database, embedding model. */
export const initCommand: CliCommand = {
  register(program: Command) {
    program
      .command('init')
      .description('create ENGRAM_HOME with the default policy, migrate the database and fetch the embedding model')
      .option('--no-fetch-model', 'do not download the embedding model when it is missing')
      .action(action(async ({ env, out, opts }) => {
        const created = env.writeDefaults();
        const migrated = await withRuntime(env, async (rt) => rt.migrationsApplied);
        let model = 'present';
        const script = fetchModelScript(import.meta.url);
        const missing = env.modelProblem();
        if (missing && opts.fetchModel !== false && script) {
          out.note(`fetching embedding model ${env.paths.modelName} into ${env.paths.modelDir} ...`);
          const r = spawnSync('bash', [script, env.paths.modelName, env.paths.modelDir], { stdio: ['ignore', 'inherit', 'inherit'] });
          model = r.status === 0 ? 'fetched' : 'missing (fetch failed, see above)';
        } else if (missing) {
          model = `missing: ${missing}`;
        }
        out.result({ home: env.paths.home, created, migrationsApplied: migrated, model }, () => [
          `engram home: ${env.paths.home}`,
          ...created.map((f) => `created ${f}`),
          migrated.length ? `migrations applied: ${migrated.join(', ')}` : 'database schema up to date',
          `embedding model: ${model}`,
        ]);
      }));
  },
};
