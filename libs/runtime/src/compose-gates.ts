import { ConfigError, type EngramConfig } from '@engram/infra';
import {
  actorLimits, createGate, createRemoteGate, librarianKeyProblem, rateLimitFrom, RateLimiter, type Gate, type GateName, type GateOptions, type GatePolicy,
} from '@engram/librarian';
import type { TypeRegistry } from '@engram/memory';
import type { Kysely } from 'kysely';

/** The two gates of a process, and how to let go of them. */
export interface Gates {
  readonly agents: Gate;
  readonly sweeper: Gate;
  /** Where the decisions are taken: in this process, or by the librarian over its socket. */
  readonly where: 'local' | 'librarian';
  /** Whether the librarian answers (always, for local gates): for /health. */
  librarianProblem(): Promise<string | undefined>;
  close(): void;
}

/** Sweeps archive and consolidate at this many gate writes per second at most (their own bucket; the throttle in the sweeps keeps them gentler). */
const SWEEPER_RATE = { capacity: 200, refillPerSecond: 200 };

/** What the local gates judge with. */
export interface GateDeps {
  registry: TypeRegistry;
  policy: GatePolicy;
  /** The agents' limiter (shared through the database in a server); default one per process from the config. */
  rateLimiter?: GateOptions['rateLimiter'];
}

/**
 * The agents' gate and the sweeper's gate (ADR-0047). With `librarianSocket` configured, both are
 * the librarian's, reached over its socket: this process's login (the service login) may not
 * decide or commit anything. Otherwise they run here, under this process's login: the embedded
 * store, an owner's CLI, and the librarian process itself.
 */
export function composeGates(config: EngramConfig, db: Kysely<any>, deps: GateDeps): Gates {
  if (config.librarianSocket) {
    const problem = librarianKeyProblem(config.librarianKey);
    if (problem) throw new ConfigError(problem);
    const address = { socketPath: config.librarianSocket, key: config.librarianKey as string };
    const remote = (gate: GateName) => createRemoteGate({ db, librarian: address, gate });
    const agents = remote('agents');
    const sweeper = remote('sweeper');
    return {
      agents, sweeper, where: 'librarian',
      librarianProblem: () => agents.ping().then(() => undefined, (e: unknown) => (e instanceof Error ? e.message : String(e))),
      close: () => [agents, sweeper].forEach((g) => g.close()),
    };
  }
  return localGates(config, db, deps);
}

/** Both gates in this process, under its own login (what the librarian process itself composes). */
export function localGates(config: EngramConfig, db: Kysely<any>, deps: GateDeps): Gates {
  const rate = rateLimitFrom(config.rateLimit);
  // Per-actor rules; `import:*` (engram import) is the bulk path, not throttled per record (ADR-0027).
  const rateLimiter = deps.rateLimiter ?? new RateLimiter(actorLimits(rate, config.rateLimit?.actors ?? {}));
  return {
    agents: createGate({ db, registry: deps.registry, policy: deps.policy, limits: { rate }, rateLimiter }),
    // Same policy and commit path, a bucket sized for maintenance: a sweep neither starves agents' writes nor is starved.
    sweeper: createGate({ db, registry: deps.registry, policy: deps.policy, limits: { rate: SWEEPER_RATE } }),
    where: 'local',
    librarianProblem: async () => undefined,
    close: () => undefined,
  };
}
