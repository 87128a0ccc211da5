import { spoolDirOf, spooledCount } from '@engram/conversation';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** `engram status` (doctor): database, migrations, model, gate queue, embedding backlog. Non-zero exit on problems. */
export const statusCommand: CliCommand = {
  register(program: Command) {
    program
      .command('status')
      .alias('doctor')
      .description('check the database, migrations, embedding model, pending reviews and embeddings')
      .action(action(async ({ env, out }) => {
        const report = await withUseCases(env, 'review', async (service, rt) => {
          const checks: Check[] = [];
          await rt.database.ping();
          checks.push({ name: 'database', ok: true, detail: `${rt.database.backend} at ${rt.database.location}` });
          checks.push({ name: 'migrations', ok: true, detail: rt.migrationsApplied.length ? `applied now: ${rt.migrationsApplied.join(', ')}` : 'up to date' });
          const problem = env.modelProblem();
          checks.push({ name: 'model', ok: !problem, detail: problem ?? `${env.paths.modelName} in ${env.paths.modelDir}` });
          const pending = await service.gate.pendingCount();
          checks.push({ name: 'gate', ok: true, detail: `${pending} request(s) pending review` });
          const waiting = await rt.pendingEmbeddings();
          checks.push({ name: 'embeddings', ok: true, detail: waiting === null ? 'not counted: no model to count against' : `${waiting} record(s) waiting for a vector` });
          // Hook events spooled while the database was unreachable (ADR-0012); servers and hooks deliver them.
          checks.push({ name: 'hook spool', ok: true, detail: `${spooledCount(env.paths.home)} event(s) waiting in ${spoolDirOf(env.paths.home)}` });
          const runs = await rt.lifecycle.latestRuns();
          const failed = runs.filter((r) => r.status === 'failed');
          checks.push({
            name: 'sweeps', ok: true,
            detail: runs.length === 0 ? 'no sweep has run yet'
              : runs.map((r) => `${r.sweep} ${r.status} ${r.startedAt.toISOString()}`).join('; ') + (failed.length ? ` (failed runs resume from their checkpoint: engram sweep run ${failed[0]?.sweep})` : ''),
          });
          return { ok: checks.every((c) => c.ok), checks, config: rt.configSummary() };
        });
        out.result(report, () => report.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name.padEnd(11)} ${c.detail}`));
        if (!report.ok) throw new CliError('CHECKS_FAILED', report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`).join('; '));
      }));
  },
};
