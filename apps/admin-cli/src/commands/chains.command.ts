import { CHAIN_STATUSES, type ChainStatus } from '@engram/agents';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { clip, table } from '../output.js';
import { action, searchContext, withUseCases, type CliCommand } from './command-kit.js';

const int = (v: string) => Number.parseInt(v, 10);

/** `engram chains list|show|recall`: inspect thinking chains (seed 004). */
export const chainsCommand: CliCommand = {
  register(program: Command) {
    const chains = program.command('chains').description('inspect thinking chains (work continuity)');
    chains
      .command('list')
      .description('thinking chains, most recently updated first')
      .option('--scope <scope>', 'one scope (plus global); default every scope')
      .option('--status <status>', `only this status (${CHAIN_STATUSES.join(', ')})`)
      .option('--limit <n>', 'how many', int, 50)
      .action(action(async ({ env, out, ctx, opts }) => {
        if (opts.status !== undefined && !(CHAIN_STATUSES as readonly unknown[]).includes(opts.status)) {
          throw new CliError('INVALID_INPUT', `--status must be one of ${CHAIN_STATUSES.join(', ')}`);
        }
        const items = await withUseCases(env, 'continuity', (service) => service.chains.list(ctx, {
          limit: Number(opts.limit), ...(opts.scope ? { scope: String(opts.scope) } : {}), ...(opts.status ? { status: opts.status as ChainStatus } : {}),
        }));
        out.result({ items }, () => items.length
          ? table(items.map((c) => [c.id, c.status, c.scope, String(c.thoughtCount), clip(c.summary ?? c.query)]), ['ID', 'STATUS', 'SCOPE', 'THOUGHTS', 'SUMMARY / QUERY'])
          : ['no thinking chains']);
      }));
    chains
      .command('show <id>')
      .description('one chain with every thought (revisions and branches marked)')
      .action(action(async ({ env, out, ctx, args }) => {
        const { chain, thoughts } = await withUseCases(env, 'continuity', (service) => service.chains.get(String(args[0]), ctx));
        out.result({ chain, thoughts }, () => [
          `${chain.id}  ${chain.status}  (${chain.scope})`, `query: ${chain.query}`,
          ...thoughts.map((t) => {
            const mark = t.revises ? ` revises ${t.revises}` : '';
            const branch = t.branchId ? ` [${t.branchId}${t.branchFrom ? ` from ${t.branchFrom}` : ''}]` : '';
            return `  ${t.number}.${branch}${mark} ${t.content}`;
          }),
          ...(chain.summary ? [`summary: ${chain.summary}`] : []),
        ]);
      }));
    chains
      .command('recall <query...>')
      .description('completed chains similar to a query (keyword-only from the CLI: it does not load the model)')
      .option('--scope <scope>', 'this scope plus global (default: every scope)')
      .option('--limit <n>', 'how many', int, 5)
      .action(action(async ({ env, out, ctx, args, opts }) => {
        const query = (args[0] as string[]).join(' ');
        const r = await withUseCases(env, 'continuity', async (service, rt) => service.chains.recall(query, await searchContext(rt, ctx, opts.scope), {
          limit: Number(opts.limit), maxTokens: 1_000_000, ...(opts.scope ? { scope: String(opts.scope) } : {}),
        }));
        out.result(r, () => r.chains.length ? r.chains.map((c) => `${c.chainId}  ${c.score.toFixed(4)}  ${clip(c.summary ?? c.query)}`) : ['no similar reasoning']);
      }));
  },
};
