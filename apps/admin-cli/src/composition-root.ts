/*
 * The ONLY file of the CLI that imports @engram/infra (ADR-0002). Plain composition, no Nest
 * container: a one-shot command opens the database, runs one use case and closes it again; DI would
 * add start-up time and nothing else. The core is the servers' (`composeCore`, ADR-0037), without
 * their background work. Everything else in the CLI sees `CliEnvironment` only.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CallContext, LifecycleStats, MemoryService, SweepReport } from '@engram/agents';
import {
  ApiKeyStore, checkModelDir, createJobQueue, embeddingModelIdOf, loadConfig, loadEmbeddingProvider, openDatabase, prepareSchema, summarizeConfig,
  type ApiKeyInfo, type DatabaseHandle, type EngramConfig, type NewApiKey,
} from '@engram/infra';
import { SweepRunRepository, type SweepName, type SweepRun } from '@engram/lifecycle';
import { countPendingEmbeddings, createEmbeddingIndexer, requestEmbedding } from '@engram/retrieval';
import { composeCore, startLibrarian, type Core, type LibrarianRuntime } from '@engram/runtime';
import { defaultPolicyYaml } from './default-policy.js';
import { CliError } from './errors/to-exit-code.js';

/** Where things live, for messages and `init`. */
export interface CliPaths {
  home: string;
  policyFile: string;
  modelDir: string;
  modelName: string;
}

/** An open runtime: the use cases plus operator-only probes. */
export interface CliRuntime {
  service: MemoryService;
  database: { backend: string; location: string; ping(): Promise<void> };
  migrationsApplied: string[];
  /** Searchable records without a vector of the configured model (retrieval's own count); null when the model's files are missing. */
  pendingEmbeddings(): Promise<number | null>;
  /** Every scope holding a memory that `ctx` may read (what an operator's search covers when it names none). */
  knownScopes(ctx: CallContext): Promise<string[]>;
  configSummary(): Record<string, unknown>;
  /** API keys of the HTTP servers (ADR-0027): the key itself is returned once, by `add`. */
  keys: {
    add(input: NewApiKey): Promise<{ key: string; info: ApiKeyInfo }>;
    list(includeRevoked?: boolean): Promise<ApiKeyInfo[]>;
    revoke(name: string): Promise<boolean>;
  };
  /** Lifecycle sweeps run in this process (operators: `engram sweep run`) and their numbers. */
  lifecycle: {
    runSweep(sweep: SweepName, opts: { dryRun: boolean }): Promise<SweepReport>;
    stats(): Promise<LifecycleStats>;
    latestRuns(): Promise<SweepRun[]>;
  };
  close(): Promise<void>;
}

/** What commands get: paths, and a way to open the runtime when they need the database. */
export interface CliEnvironment {
  paths: CliPaths;
  open(): Promise<CliRuntime>;
  /** Why the embedding model cannot be loaded, or undefined when its files are in place. */
  modelProblem(): string | undefined;
  /** Writes the default policy file when missing; returns what it created. */
  writeDefaults(): string[];
  /** Starts the librarian process's gates and socket (server mode only, ADR-0047). */
  serveLibrarian(log: (message: string) => void): Promise<LibrarianRuntime>;
}

/** Global flags every command accepts (defaults < config file < env < flags). */
export interface GlobalFlags {
  home?: string;
  databaseUrl?: string;
  modelDir?: string;
  config?: string;
}

function modelProblem(config: EngramConfig): string | undefined {
  const check = checkModelDir(config.modelDir, config.modelName);
  return check.ok ? undefined : check.problem;
}

async function openRuntime(config: EngramConfig): Promise<CliRuntime> {
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, home: config.home });
  try {
    const { applied } = await prepareSchema(handle);
    // The CLI never embeds (no model load for a one-shot): TOC nodes it builds are keyword-searchable,
    // vectors are filled by a server. A command that commits only notes it; on close the queue is
    // started just to send ONE `embed-pending-memories` job (a singleton, however many records an import
    // committed), so a running server embeds them without waiting for its periodic sweep.
    let committed = false;
    const core = await composeCore(config, handle, { indexing: { request: async () => void (committed = true) } });
    return {
      service: core.service,
      lifecycle: cliLifecycle(core, () => void (committed = true)),
      database: handle,
      keys: new ApiKeyStore(handle.db),
      migrationsApplied: applied,
      pendingEmbeddings: async () => (modelProblem(config) ? null : countPendingEmbeddings(handle.db, await embeddingModelIdOf(config.modelDir, config.modelName))),
      knownScopes: (ctx) => core.service.knownScopes(ctx),
      configSummary: () => summarizeConfig(config),
      async close() {
        if (committed) await sendEmbeddingRequest(handle);
        core.close();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** Sweeps run in the CLI's own process (same checkpoint as the servers'), and the stats. `onCompressed`: a consolidation committed new memories (they need vectors). */
function cliLifecycle({ config, handle, lifecycle }: Core, onCompressed: () => void): CliRuntime['lifecycle'] {
  return {
    async runSweep(sweep, { dryRun }) {
      // Only re-embedding needs the model; it is loaded for that sweep alone and closed after it.
      const embedder = sweep === 'reembed' ? await loadEmbeddingProvider({ modelDir: config.modelDir, modelName: config.modelName, batchSize: config.embedBatchSize }) : null;
      try {
        const sweeps = embedder ? lifecycle.sweepsWith(createEmbeddingIndexer({ db: handle.db, embedder, batchSize: config.embedBatchSize })) : lifecycle.sweeps;
        const report = await sweeps.run(sweep, { dryRun, trigger: 'cli' });
        if (!dryRun && sweep === 'consolidate' && (report.counts['compress_committed'] ?? 0) > 0) onCompressed();
        return report;
      } finally {
        await embedder?.close().catch(() => undefined);
      }
    },
    stats: () => lifecycle.stats(),
    latestRuns: () => new SweepRunRepository(handle.db, 0).latest(),
  };
}

/** Best effort: the records are committed either way, and every server start sweeps for vectors. */
async function sendEmbeddingRequest(handle: DatabaseHandle): Promise<void> {
  const queue = createJobQueue(handle);
  try {
    await queue.start();
    await requestEmbedding(queue);
  } catch (err) {
    process.stderr.write(`note: could not queue embedding of the new records (a server will embed them on its next sweep): ${String(err)}\n`);
  } finally {
    await queue.stop().catch(() => undefined);
  }
}

/** Builds the CLI environment from flags and the process environment. Throws ConfigError. */
export function createCliEnvironment(flags: GlobalFlags): CliEnvironment {
  const overrides = {
    ...(flags.home !== undefined ? { home: flags.home } : {}),
    ...(flags.databaseUrl !== undefined ? { databaseUrl: flags.databaseUrl } : {}),
    ...(flags.modelDir !== undefined ? { modelDir: flags.modelDir } : {}),
  };
  const env = flags.config !== undefined ? { ...process.env, ENGRAM_CONFIG: flags.config } : process.env;
  const config = loadConfig({ env, flags: overrides, cwd: process.cwd() });
  return {
    paths: { home: config.home, policyFile: config.policyFile, modelDir: config.modelDir, modelName: config.modelName },
    open: () => openRuntime(config),
    modelProblem: () => modelProblem(config),
    async serveLibrarian(log) {
      if (!config.databaseUrl) {
        throw new CliError('CONFIG_INVALID', 'the librarian runs in server mode only (set DATABASE_URL to its login): the embedded store has one user and decides in its own process');
      }
      return startLibrarian(config, log);
    },
    writeDefaults() {
      const created: string[] = [];
      mkdirSync(config.home, { recursive: true });
      if (!existsSync(config.policyFile)) {
        mkdirSync(dirname(config.policyFile), { recursive: true });
        writeFileSync(config.policyFile, defaultPolicyYaml(), { flag: 'wx' });
        created.push(config.policyFile);
      }
      return created;
    },
  };
}

/** The repo's model fetch script, when this CLI runs from a checkout (dist/apps/admin-cli/main.js). */
export function fetchModelScript(fromUrl: string): string | undefined {
  const candidate = join(dirname(new URL(fromUrl).pathname), '../../../tools/setup/fetch-model.sh');
  return existsSync(candidate) ? candidate : undefined;
}
