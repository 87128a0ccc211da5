import type { DeliveredMemory, RetrieveResponse } from '@engram/retrieval';
import type { ResearchOutput } from '@engram/agents';
import type { Command } from 'commander';
import { clip } from '../output.js';
import { action, searchContext, withUseCases, type CliCommand } from './command-kit.js';

const int = (v: string) => Number.parseInt(v, 10);
const num = (v: string) => Number(v);

function resultLines(m: DeliveredMemory, i: number): string[] {
  const issues = (m.form === 'full' ? m.issues.map((x) => x.code) : m.issues).join(', ');
  const meta = m.form === 'full' ? `${m.scope}  v${m.version}  ${m.createdAt.slice(0, 10)}  score ${m.scores.final.toFixed(3)}` : m.form;
  return [
    `${String(i + 1).padStart(2)}. ${m.id}  ${m.type}  trust=${m.trust}  confidence ${m.confidence.toFixed(2)}  ${meta}${issues ? `  [${issues}]` : ''}`,
    `    > ${clip(m.content, 160)}`,
  ];
}

function searchLines(out: RetrieveResponse): string[] {
  const head = `${out.results.length} result(s) · mode ${out.mode} · route ${out.route} · ${out.budget.usedTokens}/${out.budget.maxTokens} tokens`;
  return [
    head, ...(out.degraded ? [`note: ${out.degraded}`] : []), '',
    ...out.results.flatMap(resultLines),
    ...out.contradictions.map((c) => `! contradiction (${c.kind}, not resolved): ${c.ids[0]} vs ${c.ids[1]}: ${c.reason}`),
    ...(out.budget.tokenBudgetExceeded ? [`token budget exceeded: ${out.budget.excludedCount} result(s) left out`] : []),
    ...(out.excluded.length ? [`${out.excluded.length} candidate(s) filtered by validation (${[...new Set(out.excluded.map((e) => e.reason))].join(', ')})`] : []),
  ];
}

function researchLines(out: ResearchOutput): string[] {
  return [
    out.summary, '',
    `plan: types ${out.plan.memoryTypes?.join(', ') ?? 'any'} · time ${out.plan.timeRange?.label ?? 'any'} · key terms ${out.plan.keyTerms.join(' ') || '-'}`,
    ...out.attempts.map((a) => `attempt ${a.attempt}: ${a.strategy} → ${a.resultCount} result(s), avg confidence ${a.averageConfidence.toFixed(2)}`),
    ...out.warnings.map((w) => `warning: ${w}`),
  ];
}

/** `engram search` and `engram research`: validated retrieval from the shell (keyword-only: the CLI loads no model). */
export const retrievalCommand: CliCommand = {
  register(program: Command) {
    program
      .command('search <query...>')
      .description('validated retrieval: current records only, with provenance, issues and contradictions (keyword-only from the CLI)')
      .option('--scope <scope>', 'search this scope plus global (default: every scope)')
      .option('--type <types...>', 'memory types')
      .option('--top <k>', 'results (1-100)', int, 10)
      .option('--max-tokens <n>', 'token budget (50-200000)', int, 8000)
      .option('--min-confidence <c>', 'minimum decayed confidence (0-1)', num)
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const query = (args[0] as string[]).join(' ');
        const res = await withUseCases(env, 'retrieval', async (service, rt) => service.retrieve({
          query, scope: opts.scope as string | undefined, types: opts.type as string[] | undefined, topK: Number(opts.top),
          maxTokens: Number(opts.maxTokens), minConfidence: opts.minConfidence as number | undefined, mode: 'keyword',
        }, await searchContext(rt, ctx, opts.scope)));
        out.result(res, () => searchLines(res));
      }));
    program
      .command('research <question...>')
      .description('ask the Researcher: plans types/time range/key terms, retries up to 3 times, answers with citations')
      .option('--scope <scope>', 'research this scope plus global (default: every scope)')
      .option('--top <k>', 'results (1-100)', int, 10)
      .option('--max-tokens <n>', 'token budget (50-200000)', int, 8000)
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const query = (args[0] as string[]).join(' ');
        const res = await withUseCases(env, 'retrieval', async (service, rt) => service.research({
          query, scope: opts.scope as string | undefined, topK: Number(opts.top), maxTokens: Number(opts.maxTokens),
        }, await searchContext(rt, ctx, opts.scope)));
        out.result(res, () => researchLines(res));
      }));
  },
};

/** `engram review list|resolve`: memories retrieval flagged because a source they were derived from went stale. */
export const cascadeReviewCommand: CliCommand = {
  register(program: Command) {
    const review = program.command('review').description('memories derived from records that were later superseded, retracted or forgotten');
    review
      .command('list')
      .description('open cascade reviews, oldest first')
      .option('--limit <n>', 'at most this many', int, 100)
      .action(action(async ({ env, out, opts }) => {
        const open = await withUseCases(env, 'review', (service) => service.cascades.list(Number(opts.limit)));
        out.result({ reviews: open }, () => (open.length
          ? open.map((r) => `${r.memoryId}  derived from ${r.causeId} (${r.causeStatus})  flagged ${r.flaggedAt.toISOString()}`)
          : ['no open cascade reviews']));
      }));
    review
      .command('resolve <memory-id>')
      .description('mark the reviews of a memory done (after superseding, invalidating or keeping it)')
      .action(action(async ({ env, out, ctx, args }) => {
        const n = await withUseCases(env, 'review', (service) => service.cascades.resolve(String(args[0]), ctx));
        out.result({ resolved: n }, () => `${n} review(s) resolved`);
      }));
  },
};
