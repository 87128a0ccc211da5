/*
 * The ONLY file of the hook app that imports @engram/infra (ADR-0002). It builds only what one hook
 * call needs: the layered config and a one-connection handle (never PGlite itself, ADR-0012).
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { createEventLog, type ConversationMode, type NewConversationEvent, type AppendResult } from '@engram/conversation';
import { loadLightConfig, openLightDatabase, readEnv } from '@engram/infra';

export interface HookSettings {
  home: string;
  mode: ConversationMode;
  /** ENGRAM_PROJECT: overrides the project inferred from the agent's cwd. */
  projectOverride?: string;
  /** The project directory when a payload has no cwd: CLAUDE_PROJECT_DIR (set by Claude Code), else ours. */
  defaultCwd: string;
  /** Whole-call budget before the hook spools and exits (ENGRAM_HOOK_TIMEOUT_MS). */
  budgetMs: number;
  connectTimeoutMs: number;
}

export interface HookLog {
  append(events: NewConversationEvent[]): Promise<AppendResult>;
  close(): Promise<void>;
}

export interface HookEnvironment {
  /** Settings; `problem` says why the config could not be loaded (defaults are used then). */
  settings: HookSettings;
  problem?: string;
  open(): Promise<HookLog>;
}

const DEFAULT_BUDGET_MS = 2500;

function intEnv(value: string | undefined, fallback: number): number {
  const n = value && /^\d+$/.test(value) ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export async function createHookEnvironment(env: Record<string, string | undefined>): Promise<HookEnvironment> {
  const budgetMs = intEnv(env['ENGRAM_HOOK_TIMEOUT_MS'], DEFAULT_BUDGET_MS);
  const base = {
    budgetMs, connectTimeoutMs: Math.min(1000, Math.floor(budgetMs / 2)), defaultCwd: env['CLAUDE_PROJECT_DIR'] || process.cwd(),
    ...(env['ENGRAM_PROJECT'] ? { projectOverride: env['ENGRAM_PROJECT'] } : {}),
  };
  let databaseUrl: string | undefined;
  let settings: HookSettings;
  let problem: string | undefined;
  try {
    const config = await loadLightConfig({ env });
    databaseUrl = config.databaseUrl;
    settings = { ...base, home: config.home, mode: config.conversationMode };
  } catch (error) {
    // A broken config must not break the agent: spool under the home the environment names.
    problem = error instanceof Error ? error.message : String(error);
    settings = { ...base, home: readEnv(env).home ?? path.join(homedir(), '.engram'), mode: 'unified' };
  }
  return {
    settings,
    ...(problem ? { problem } : {}),
    async open() {
      if (problem) throw new Error(`config: ${problem}`);
      const handle = await openLightDatabase({ databaseUrl, home: settings.home, connectTimeoutMs: settings.connectTimeoutMs, statementTimeoutMs: budgetMs });
      const log = createEventLog(handle.db);
      return { append: (events) => log.append(events), close: () => handle.close() };
    },
  };
}
