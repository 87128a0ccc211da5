import { userInfo } from 'node:os';
import { sliceFor, useCaseSlices, type CallContext, type Capability, type UseCases } from '@engram/agents';
import type { Command } from 'commander';
import { createCliEnvironment, type CliEnvironment, type CliRuntime, type GlobalFlags } from '../composition-root.js';
import { toExit } from '../errors/to-exit-code.js';
import { createOutput, type Output } from '../output.js';

/** What a command's action receives. */
export interface CommandRun {
  env: CliEnvironment;
  out: Output;
  /** Operator context: reads see every scope; the actor is recorded in the audit trail. */
  ctx: CallContext;
  reviewer: string;
  /** Positional arguments, then the command's own options. */
  args: unknown[];
  opts: Record<string, unknown>;
}

/** One CLI command (or command group), registered on the root program. */
export interface CliCommand {
  register(program: Command): void;
}

function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}

/**
 * Adapts an async action to commander: builds the environment from the global flags and maps any
 * error to a one-line stderr message and an exit code (set, not forced: resources close first).
 */
export function action(fn: (run: CommandRun) => Promise<void>) {
  return async (...raw: unknown[]): Promise<void> => {
    const command = raw[raw.length - 1] as Command;
    const globals = command.optsWithGlobals() as GlobalFlags & { json?: boolean };
    const out = createOutput(globals.json === true);
    try {
      const env = createCliEnvironment(globals);
      const reviewer = `cli:${operator()}`;
      await fn({ env, out, ctx: { actor: reviewer, admin: true }, reviewer, args: raw.slice(0, -2), opts: command.opts() });
    } catch (err) {
      const { exitCode, message } = toExit(err);
      process.stderr.write(`${message}\n`);
      process.exitCode = exitCode;
    }
  };
}

/** Opens the runtime for the duration of `fn` and always closes it. */
export async function withRuntime<T>(env: CliEnvironment, fn: (rt: CliRuntime) => Promise<T>): Promise<T> {
  const rt = await env.open();
  try {
    return await fn(rt);
  } finally {
    await rt.close();
  }
}

/** The runtime without the use cases: operator probes (database, scopes, keys, sweeps). */
export type CliProbes = Omit<CliRuntime, 'service'>;

/**
 * Opens the runtime for the duration of `fn` and hands it the use cases of the ONE capability the
 * command needs (ADR-0037), plus the operator probes; always closes it.
 */
export function withUseCases<C extends Capability, T>(env: CliEnvironment, uses: C, fn: (service: UseCases[C], rt: CliProbes) => Promise<T>): Promise<T> {
  return withRuntime(env, (rt) => {
    // The command gets a frozen slice with only its capability's use cases, and the probes without the service.
    const { service, ...probes } = rt;
    return fn(sliceFor(useCaseSlices(service), uses), probes);
  });
}

/**
 * The context of an operator's search: the named scope (plus global), else every scope that holds
 * a memory. Search and retrieval rank within a list of scopes, so "every scope" is made concrete.
 */
export async function searchContext(rt: Pick<CliRuntime, 'knownScopes'>, ctx: CallContext, scope: unknown): Promise<CallContext> {
  return typeof scope === 'string' ? ctx : { ...ctx, operatorScopes: await rt.knownScopes(ctx) };
}
