import type { TocNode, TocPage } from '@engram/conversation';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { action, withUseCases, type CliCommand } from './command-kit.js';
import { projectOf } from './toc-scope.js';

const PROJECT = ['--project <scope>', 'project (name or project:<id>); default: the git repository of the working directory'] as const;

const int = (v: unknown, name: string, min: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new CliError('INVALID_INPUT', `${name} must be a whole number >= ${min}`);
  return n;
};

const pageLines = (p: TocPage) => [
  ...p.children.map((c) => `${c.nodeId.padEnd(44)} ${String(c.eventCount).padStart(6)} ev  ${c.title}`),
  ...(p.children.length === 0 ? ['(nothing here yet: events are summarised by a running server, or run `engram toc build`)'] : []),
  ...(p.nextCursor ? [`more: --cursor ${p.nextCursor}`] : []),
];

const nodeLines = (n: TocNode) => [
  `${n.nodeId} (v${n.version}, ${n.summariser}) ${n.start.toISOString()} .. ${n.end.toISOString()}, ${n.eventCount} events`,
  `  ${n.title}`, `  keywords: ${n.keywords.join(', ')}`,
  ...n.bullets.map((b) => `  - ${b.text}${b.gripIds.length ? `  [${b.gripIds.join(', ')}]` : ''}`),
];

/** Query commands: browse, node, search (seed 002 CLI-02). */
function registerQueries(toc: Command): void {
  toc.command('browse [node-id]').description('children of a TOC node (the years when omitted), in time order')
    .option(...PROJECT).option('--limit <n>', 'page size', '50').option('--cursor <cursor>', 'next page')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const parent = (args[0] as string | undefined) ?? null;
      const page = await withUseCases(env, 'conversation', (service) => service.toc.browse(parent, ctx, {
        scope: projectOf(opts), limit: int(opts['limit'], '--limit', 1), ...(opts['cursor'] ? { cursor: String(opts['cursor']) } : {}),
      }));
      out.result(page, () => pageLines(page));
    }));
  toc.command('node <node-id>').description('one node: summary, bullets with their grips, children')
    .option(...PROJECT).option('--version <n>', 'a past version')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const r = await withUseCases(env, 'conversation', (service) => service.toc.node(String(args[0]), ctx, {
        scope: projectOf(opts), ...(opts['version'] !== undefined ? { version: int(opts['version'], '--version', 1) } : {}),
      }));
      out.result(r, () => [...nodeLines(r.node), ...(r.children.children.length ? ['children:', ...pageLines(r.children)] : []),
        ...r.grips.map((g) => `  ${g.gripId} ${g.ts.toISOString()} ${g.source}: "${g.excerpt}"`)]);
    }));
  toc.command('search <query...>').description('search conversation turns, TOC summaries and grips (keyword, BM25 over turns; the CLI loads no model)')
    .option(...PROJECT).option('--limit <n>', 'hits', '10')
    .action(action(async ({ env, out, ctx, args, opts }) => {
      const text = (args[0] as string[]).join(' ');
      const r = await withUseCases(env, 'conversation', (service) => service.toc.search(text, ctx, { scope: projectOf(opts), limit: int(opts['limit'], '--limit', 1), mode: 'keyword' }));
      out.result(r, () => (r.hits.length ? r.hits.map((h) => `${h.kind.padEnd(5)} ${h.id}${h.kind === 'node' ? '' : ` (${h.nodeId})`}  ${h.text}`) : ['no matches']));
    }));
}

/** Admin commands (seed 002 CLI-03): build, rebuild, compact, status. */
function registerAdmin(toc: Command): void {
  toc.command('build').description('catch the TOC up with the event log now (servers do this continuously)')
    .action(action(async ({ env, out }) => {
      const r = await withUseCases(env, 'conversation', (service) => service.toc.build());
      out.result(r, () => [`${r.outboxClaimed} new event(s); ${r.unitsDone} unit(s) built, ${r.nodesWritten} node version(s) written`]);
    }));
  toc.command('rebuild').description('rewrite every node of the project from the event log as new versions (old ones stay until compacted)')
    .option(...PROJECT)
    .action(action(async ({ env, out, ctx, opts }) => {
      const r = await withUseCases(env, 'conversation', (service) => service.toc.rebuild(ctx, projectOf(opts)));
      out.result(r, () => [`rebuilt ${r.days} day(s): ${r.units} unit(s), ${r.written} new node version(s)`]);
    }));
  toc.command('compact').description('delete superseded node versions older than N days (current versions, grips and events are kept)')
    .option(...PROJECT).option('--older-than <days>', 'only versions created more than this many days ago', '30')
    .action(action(async ({ env, out, ctx, opts }) => {
      const r = await withUseCases(env, 'conversation', (service) => service.toc.compact(ctx, { scope: projectOf(opts), olderThanDays: int(opts['olderThan'], '--older-than', 0) }));
      out.result(r, () => [`deleted ${r.deleted} superseded node version(s)`]);
    }));
  toc.command('status').description('node counts, versions, grips, pending outbox and the builder checkpoint')
    .option(...PROJECT)
    .action(action(async ({ env, out, ctx, opts }) => {
      const s = await withUseCases(env, 'conversation', (service) => service.toc.status(ctx, projectOf(opts)));
      const run = s.checkpoint.run;
      out.result(s, () => [
        `${s.project}: ${s.events} events; nodes ${Object.entries(s.nodes).map(([k, v]) => `${k}=${v}`).join(' ')}`,
        `versions ${s.versions} (${s.supersededVersions} superseded), grips ${s.grips}, pending outbox ${s.pendingOutbox}, dirty days ${s.checkpoint.dirty.length}`,
        run ? `run ${run.id} in progress: unit ${run.next}/${run.units.length} (${run.written} written)${run.force ? ', rebuild' : ''}` : 'no run in progress',
        s.checkpoint.last ? `last run ${s.checkpoint.last.runId} finished ${s.checkpoint.last.finishedAt}: ${s.checkpoint.last.units} unit(s), ${s.checkpoint.last.written} written` : 'never built',
      ]);
    }));
}

/** `engram toc …`: the conversation table of contents (SPEC 6, seed 002 CLI-02/03). */
export const tocCommand: CliCommand = {
  register(program: Command) {
    const toc = program.command('toc').description('the conversation table of contents: Year > Month > Week > Day > Segment');
    registerQueries(toc);
    registerAdmin(toc);
  },
};
