import type { Command } from 'commander';
import { action, withRuntime, type CliCommand } from './command-kit.js';

const TRUST = ['standard', 'trusted'] as const;

/**
 * `engram keys add|list|revoke` (ADR-0027): API keys of the HTTP servers, each mapped to an actor
 * (what the gate records and rate-limits), a trust level (`trusted`: the bulk path, not throttled
 * per record) and the scopes it may read and write. Only a hash is stored; the key is printed once.
 */
export const keysCommand: CliCommand = {
  register(program: Command) {
    const keys = program.command('keys').description('API keys of the MCP and A2A HTTP servers (actor, trust, scopes)');
    keys.command('add <name>')
      .description('create a key; prints it ONCE (store it in the client\'s secret store)')
      .option('--actor <actor>', 'actor recorded and rate-limited for this key (default key:<name>)')
      .option('--trust <level>', `standard | trusted (trusted writers are not throttled per record)`, 'standard')
      .option('--scope <pattern...>', 'scopes the key may use: global, project:<id>, project:*, agent:<id>, * (default *)')
      .action(action(async ({ env, out, args, opts }) => {
        const trust = String(opts.trust);
        if (!(TRUST as readonly string[]).includes(trust)) throw new Error(`--trust must be one of ${TRUST.join(', ')} (got "${trust}")`);
        const created = await withRuntime(env, (rt) => rt.keys.add({
          name: String(args[0]), trust: trust as (typeof TRUST)[number],
          ...(opts.actor ? { actor: String(opts.actor) } : {}), ...(Array.isArray(opts.scope) ? { scopes: opts.scope.map(String) } : {}),
        }));
        out.result({ key: created.key, ...created.info }, () => [
          created.key,
          `key "${created.info.name}": actor ${created.info.actor}, trust ${created.info.trust}, scopes ${created.info.scopes.join(' ')}`,
          'This is the only time the key is shown; engram stores its hash.',
        ]);
      }));
    keys.command('list')
      .description('list keys (name, first characters, actor, trust, scopes); never the keys themselves')
      .option('--all', 'include revoked keys')
      .action(action(async ({ env, out, opts }) => {
        const list = await withRuntime(env, (rt) => rt.keys.list(opts.all === true));
        out.result({ keys: list }, () => list.length === 0 ? ['no keys'] : list.map((k) =>
          `${k.name}\t${k.prefix}…\t${k.actor}\t${k.trust}\t${k.scopes.join(',')}\t${k.createdAt.toISOString()}${k.revokedAt ? `\trevoked ${k.revokedAt.toISOString()}` : ''}`));
      }));
    keys.command('revoke <name>')
      .description('revoke a key (servers stop accepting it within 30 s)')
      .action(action(async ({ env, out, args }) => {
        const name = String(args[0]);
        const revoked = await withRuntime(env, (rt) => rt.keys.revoke(name));
        if (!revoked) throw new Error(`no active key named "${name}"`);
        out.result({ revoked: name }, () => [`revoked key "${name}"`]);
      }));
  },
};
