import { readFileSync } from 'node:fs';
import { MAX_INGEST_BATCH } from '@engram/agents';
import { parseWireEvent, type IngestEventInput } from '@engram/conversation';
import { Presets, SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';
import { registerEventsList } from './events-list.command.js';

/** Show a progress bar from this many events on (short imports stay quiet). */
const PROGRESS_FROM = 5000;

/** Parses every line first: one bad line refuses the whole file before anything is written. */
function readEvents(file: string): IngestEventInput[] {
  const events: IngestEventInput[] = [];
  const problems: string[] = [];
  readFileSync(file, 'utf8').split('\n').forEach((text, i) => {
    if (text.trim() === '') return;
    try {
      events.push(parseWireEvent(JSON.parse(text), `line ${i + 1}`));
    } catch (error) {
      problems.push(error instanceof SyntaxError ? `line ${i + 1}: not JSON (${error.message})` : (error as Error).message);
    }
  });
  if (problems.length) {
    const shown = problems.slice(0, 10).join('; ');
    throw new CliError('INVALID_INPUT', `${file}: ${problems.length} bad line(s), nothing imported: ${shown}${problems.length > 10 ? '; …' : ''}`);
  }
  return events;
}

/** `engram events …`: the conversation event log (SPEC 6). `import` backfills; `list` comes with the TOC. */
export const eventsCommand: CliCommand = {
  register(program: Command) {
    const events = program.command('events').description('the conversation event log (agent hooks, backfills)');
    events
      .command('import <file>')
      .description('backfill conversation events from JSONL (events.ingest shape, one per line); source timestamps kept, re-import is a no-op')
      .option('--project <scope>', 'project scope for lines without "project" (e.g. project:acme)')
      .option('--agent <name>', 'agent tag for lines without "agent"', 'import')
      .action(action(async ({ env, out, args, opts }) => {
        const file = String(args[0]);
        const all = readEvents(file);
        const project = opts['project'] as string | undefined;
        if (!project && all.some((e) => !e.project)) throw new CliError('INVALID_INPUT', 'some lines have no "project": pass --project <scope>');
        const agent = String(opts['agent']);
        const tally = await withUseCases(env, 'conversation', async (service) => {
          const counts = { inserted: 0, duplicates: 0 };
          const bar = all.length >= PROGRESS_FROM ? new SingleBar({ stream: process.stderr, format: 'events [{bar}] {percentage}% | {value}/{total}' }, Presets.shades_classic) : undefined;
          bar?.start(all.length, 0);
          for (let i = 0; i < all.length; i += MAX_INGEST_BATCH) {
            const batch = all.slice(i, i + MAX_INGEST_BATCH).map((e) => ({ ...e, agent: e.agent ?? agent }));
            const r = await service.conversation.ingest({ events: batch }, { actor: `cli:${agent}`, admin: true, ...(project ? { scope: project } : {}) });
            counts.inserted += r.inserted;
            counts.duplicates += r.duplicates;
            bar?.update(Math.min(i + MAX_INGEST_BATCH, all.length));
          }
          bar?.stop();
          return { ...counts, events: all.length };
        });
        out.result(tally, () => [`from ${file}: ${tally.inserted} event(s) inserted, ${tally.duplicates} duplicate(s) (of ${tally.events})`]);
      }));
    registerEventsList(events);
  },
};
