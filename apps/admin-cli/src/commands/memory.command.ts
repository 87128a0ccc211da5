import type { MemoryRecord } from '@engram/memory';
import type { Command } from 'commander';
import { clip, table } from '../output.js';
import { action, searchContext, withUseCases, type CliCommand } from './command-kit.js';

const int = (v: string) => Number.parseInt(v, 10);

function row(r: MemoryRecord, score?: number): string[] {
  const base = [r.id, r.type, r.scope, r.status, `v${r.version}`];
  return score === undefined ? [...base, clip(r.content)] : [...base, score.toFixed(4), clip(r.content)];
}

function registerList(memory: Command): void {
    memory
      .command('list')
      .description('list memories, newest first')
      .option('--type <types...>', 'memory types')
      .option('--scope <scope>', 'one scope (plus global); default every scope')
      .option('--tag <tags...>', 'tags (all must match)')
      .option('--metadata <jsonpath>', 'SQL/JSON path filter on metadata')
      .option('--all-statuses', 'include superseded, invalidated, archived and forgotten records')
      .option('--limit <n>', 'page size', int, 50)
      .option('--cursor <cursor>', 'next page cursor')
      .action(action(async ({ env, out, ctx, opts }) => {
        const page = await withUseCases(env, 'memory', (service) => service.list({
          types: opts.type as string[] | undefined, scope: opts.scope as string | undefined, tags: opts.tag as string[] | undefined,
          metadataPath: opts.metadata as string | undefined, limit: Number(opts.limit), cursor: opts.cursor as string | undefined,
          statuses: opts.allStatuses ? ['active', 'superseded', 'invalidated', 'archived', 'forgotten'] : undefined,
        }, ctx));
        out.result(page, () => [
          ...(page.items.length ? table(page.items.map((r) => row(r)), ['ID', 'TYPE', 'SCOPE', 'STATUS', 'VER', 'CONTENT']) : ['no memories']),
          ...(page.nextCursor ? [`next page: --cursor ${page.nextCursor}`] : []),
        ]);
      }));
}

function registerGet(memory: Command): void {
    memory
      .command('get <id>')
      .description('show one memory (optionally a version)')
      .option('--version <n>', 'version number', int)
      .option('--history', 'print every version')
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const id = String(args[0]);
        if (opts.history) {
          const versions = await withUseCases(env, 'memory', (service) => service.history(id, ctx));
          out.result({ versions }, () => versions.map((v) =>
            `v${v.version} ${v.operation.padEnd(10)} ${v.status.padEnd(11)} ${v.recordedAt.toISOString()}  ${clip(v.content)}`));
          return;
        }
        const record = await withUseCases(env, 'memory', (service) => service.get(id, ctx, { version: opts.version as number | undefined }));
        out.result(record, () => [
          `${record.id} ${record.type} v${record.version} ${record.status} (${record.scope})`,
          `tags: ${record.tags.join(', ') || '-'}   confidence: ${record.confidence}   source: ${record.source.type}/${record.source.id ?? '-'}`,
          `created ${record.createdAt.toISOString()}   valid ${record.validFrom.toISOString()} .. ${record.validTo?.toISOString() ?? 'open'}`,
          '', record.content,
        ]);
      }));
}

function registerSearchAndForget(memory: Command): void {
    memory
      .command('search <query...>')
      .description('hybrid search (keyword-only from the CLI: it does not load the model)')
      .option('--mode <mode>', 'hybrid | vector | keyword', 'keyword')
      .option('--top <k>', 'results', int, 10)
      .option('--scope <scope>', 'search this scope plus global (default: every scope)')
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const query = (args[0] as string[]).join(' ');
        const res = await withUseCases(env, 'memory', async (service, rt) => service.search({
          query, mode: opts.mode as 'hybrid' | 'vector' | 'keyword', topK: Number(opts.top), scope: opts.scope as string | undefined,
        }, await searchContext(rt, ctx, opts.scope)));
        out.result(res, () => res.results.length
          ? table(res.results.map((r) => row(r.record, r.score)), ['ID', 'TYPE', 'SCOPE', 'STATUS', 'VER', 'SCORE', 'CONTENT'])
          : ['no results']);
      }));
    memory
      .command('forget <id>')
      .description('forget a memory: content and embedding purged through the gate; the audit tombstone stays')
      .option('--reason <text>', 'why (kept in the audit trail)')
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const r = await withUseCases(env, 'memory', (service) => service.forget(String(args[0]), ctx, opts.reason as string | undefined));
        out.result(r, () => `${String(args[0])}: ${r.status} (${r.reason})`);
      }));
}

/** `engram memory list|get|search|forget`: inspection across every scope (operator view). */
export const memoryCommand: CliCommand = {
  register(program: Command) {
    const memory = program.command('memory').description('inspect and forget memories');
    registerList(memory);
    registerGet(memory);
    registerSearchAndForget(memory);
  },
};
