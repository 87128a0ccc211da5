import type { LogLevel } from '../logger.js';
import type { LifecycleSettings } from './lifecycle-settings.js';

/** HTTP listener settings shared by the MCP (Streamable HTTP) and A2A servers. */
export interface HttpConfig {
  readonly host: string;
  readonly port: number;
  /** Bearer key required on HTTP requests; a secret, never summarized. */
  readonly apiKey?: string;
  /** Host header names accepted (DNS-rebinding protection). */
  readonly allowedHosts: readonly string[];
  /** Origin header values accepted from browsers; empty allows none. */
  readonly allowedOrigins: readonly string[];
  readonly maxBodyBytes: number;
}

/** The whole validated, frozen configuration of one engram process. */
export interface EngramConfig {
  /** ENGRAM_HOME: embedded data, models, lock and socket files. */
  readonly home: string;
  /** Server mode when set (a secret: it may hold a password); embedded PGlite otherwise. */
  readonly databaseUrl?: string;
  readonly modelName: string;
  readonly modelDir: string;
  readonly http: HttpConfig;
  readonly policyFile: string;
  readonly logLevel: LogLevel;
  readonly embedBatchSize: number;
  /** OpenAI-compatible endpoint (base URL up to `/v1`) for the Researcher's LLM synthesiser; deterministic when unset. */
  readonly llmUrl?: string;
  readonly llmModel?: string;
  /** Bearer key of the LLM endpoint; a secret, never summarized. */
  readonly llmApiKey?: string;
  /**
   * The librarian process's socket (ADR-0047). Set, this process hands every gated write to the
   * librarian instead of deciding it under its own login (server mode as the service login).
   */
  readonly librarianSocket?: string;
  /** The key the librarian and its clients share; a secret, never summarized. */
  readonly librarianKey?: string;
  /** Decision engine and learning overrides (seed 003 Appendix B); absent means the seed defaults. */
  readonly lifecycle?: LifecycleSettings;
  /** Conversation TOC thresholds (seed 002 TOC-03/04); the conversation lib's defaults when unset. */
  readonly tocSegmentGapMinutes?: number;
  readonly tocSegmentMaxTokens?: number;
  readonly tocOverlapMinutes?: number;
  readonly tocOverlapTokens?: number;
  /** `extractive` (default, no network) or `llm` (the ENGRAM_LLM_* endpoint, extractive fallback). */
  readonly tocSummariser?: 'extractive' | 'llm';
  /**
   * Multi-agent conversation log (seed 002 STOR-06): `unified` keeps one log per project with agent
   * tags; `per-agent` keys the log by project AND agent, as separate stores would.
   */
  readonly conversationMode: 'unified' | 'per-agent';
  /**
   * The gate's per-actor write limit (a token bucket: `burst` writes at once, refilled at
   * `perSecond`); the librarian's defaults (120, 2/s) when unset. Raise it for a trusted bulk writer.
   */
  readonly rateLimit?: {
    readonly burst?: number;
    readonly perSecond?: number;
    /** Per actor pattern (`key:ci-*`, `mcp:alice`), first match wins: its own bucket or `unlimited` (ADR-0027). */
    readonly actors?: Readonly<Record<string, 'unlimited' | { readonly burst?: number; readonly perSecond?: number }>>;
  };
}

/** Overrides from CLI flags (or code): any subset, `http` included field by field. */
export type ConfigOverrides = Partial<Omit<EngramConfig, 'http'>> & { http?: Partial<HttpConfig> };
