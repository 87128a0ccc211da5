import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { action, withRuntime, type CliCommand } from './command-kit.js';

/** `engram import <file>`: JSONL from `engram export`, through the gate; ids, versions, timestamps kept; re-import is a no-op. */
export const importCommand: CliCommand = {
  register(program: Command) {
    program
      .command('import <file>')
      .description('import a JSONL export through the gate (idempotent: already-present versions are skipped)')
      .action(action(async ({ env, out, args }) => {
        const file = String(args[0]);
        const size = statSync(file).size;
        const tally = await withRuntime(env, async (rt) => {
          const counts = { imported: 0, unchanged: 0, pending: 0, rejected: 0 };
          const bar = new SingleBar({ stream: process.stderr, format: 'import [{bar}] {percentage}% | {value} records' }, Presets.shades_classic);
          bar.start(size, 0);
          const input = createReadStream(file, { encoding: 'utf8' });
          let line = 0;
          let bytes = 0;
          const rejected: string[] = [];
          for await (const text of createInterface({ input, crlfDelay: Infinity })) {
            line += 1;
            bytes += Buffer.byteLength(text) + 1;
            if (text.trim() === '') continue;
            const r = await rt.service.importLine(text, line, { actor: 'import:cli', admin: true });
            const kind = r.gateStatus === 'committed' ? 'imported' : r.gateStatus === 'noop' ? 'unchanged' : r.status === 'pending' ? 'pending' : 'rejected';
            counts[kind] += 1;
            if (r.status === 'rejected') rejected.push(`line ${line}: ${r.reason}`);
            bar.update(Math.min(bytes, size));
          }
          bar.stop();
          return { ...counts, lines: line, rejectedLines: rejected };
        });
        out.result(tally, () => [
          `from ${file}: ${tally.imported} imported, ${tally.unchanged} already present, ${tally.pending} pending review, ${tally.rejected} rejected`,
          ...tally.rejectedLines,
        ]);
      }));
  },
};
