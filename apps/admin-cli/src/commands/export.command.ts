import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { action, withUseCases, type CliCommand } from './command-kit.js';

/** `engram export [--out file]`: every record with its full version history, one JSON line each. */
export const exportCommand: CliCommand = {
  register(program: Command) {
    program
      .command('export')
      .description('export every memory with its full version history as JSONL (stdout or --out)')
      .option('--out <file>', 'write to this file instead of stdout')
      .option('--scope <scope>', 'only this scope')
      .action(action(async ({ env, out, opts }) => {
        const scope = opts.scope as string | undefined;
        const file = opts.out as string | undefined;
        const count = await withUseCases(env, 'memory', async (service) => {
          const total = await service.countAll(scope);
          const sink = file ? createWriteStream(file, { encoding: 'utf8' }) : process.stdout;
          const bar = new SingleBar({ stream: process.stderr, format: 'export [{bar}] {value}/{total}' }, Presets.shades_classic);
          if (process.stderr.isTTY || file) bar.start(total, 0);
          let n = 0;
          for await (const line of service.exportAll(scope)) {
            if (!sink.write(`${JSON.stringify(line)}\n`)) await once(sink, 'drain');
            bar.update(++n);
          }
          bar.stop();
          if (file) await new Promise<void>((resolve, reject) => (sink as NodeJS.WritableStream).end((err?: Error | null) => (err ? reject(err) : resolve())));
          return n;
        });
        if (file) out.result({ exported: count, file }, () => `exported ${count} memories to ${file}`);
        else out.note(`exported ${count} memories`);
      }));
  },
};
