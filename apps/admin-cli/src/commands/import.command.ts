import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { action, withUseCases, type CliCommand } from './command-kit.js';
import { CheckpointFile } from './import-checkpoint.js';
import { createImportProgress } from './import-progress.js';
import { runImport } from './import-run.js';

/**
 * `engram import <file>`: JSONL from `engram export`, through the gate; ids, versions, timestamps
 * kept; re-import is a no-op. Runs as actor `import:cli`, the bulk path (not throttled per record,
 * ADR-0027), several lines at once, and resumes an interrupted run of the same file from its
 * checkpoint (`--restart` to start over).
 */
export const importCommand: CliCommand = {
  register(program: Command) {
    program
      .command('import <file>')
      .description('import a JSONL export through the gate (idempotent: already-present versions are skipped; resumable)')
      // 128 in flight: new records reaching the gate together share one commit (issue 39), so more in flight is
      // fewer commits. At 32 the import used half of two cores and waited on commits: 667/s native; 128 gave 1,097/s (ADR-0048).
      .option('--concurrency <n>', 'records in flight at once (1-256)', '128')
      .option('--restart', 'ignore the checkpoint of an interrupted run and start at line 1')
      .option('--progress-every <n>', 'when stderr is not a terminal: a progress line every n records (and at least every 10 s)', '1000')
      .action(action(async ({ env, out, args, opts }) => {
        const file = String(args[0]);
        const concurrency = Number(opts.concurrency);
        if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) throw new Error(`--concurrency must be an integer 1-256 (got "${String(opts.concurrency)}")`);
        const everyRecords = Number(opts.progressEvery);
        if (!Number.isInteger(everyRecords) || everyRecords < 1) throw new Error(`--progress-every must be a positive integer (got "${String(opts.progressEvery)}")`);
        const size = statSync(file).size;
        const checkpoints = new CheckpointFile(env.paths.home, file);
        const from = opts.restart ? undefined : checkpoints.load();
        if (from) process.stderr.write(`resuming ${file} after line ${from.line} (${from.counts.imported} imported so far)\n`);
        const started = Date.now();
        const tally = await withUseCases(env, 'memory', async (service) => {
          const progress = createImportProgress(process.stderr, { size, everyRecords, ...(from ? { from } : {}) });
          try {
            return await runImport({
              file, concurrency, ...(from ? { from } : {}),
              importLine: (text, line) => service.importLine(text, line, { actor: 'import:cli', admin: true }),
              onProgress: (done) => progress.update(done),
              checkpoint: (done) => checkpoints.save(done),
            });
          } finally {
            progress.stop();
          }
        });
        checkpoints.clear();
        const seconds = (Date.now() - started) / 1000;
        const { counts } = tally;
        out.result({ ...counts, lines: tally.lines, rejectedLines: tally.rejectedLines, seconds, resumedAfterLine: from?.line ?? 0 }, () => [
          `from ${file}: ${counts.imported} imported, ${counts.unchanged} already present, ${counts.pending} pending review, ${counts.rejected} rejected (${Math.round(seconds)} s)`,
          ...tally.rejectedLines,
        ]);
      }));
  },
};
