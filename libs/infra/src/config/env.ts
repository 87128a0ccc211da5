/** The raw environment variables engram reads, untyped strings as given (C10 `readEnv`). */
export interface EngramEnv {
  home?: string;
  configFile?: string;
  databaseUrl?: string;
  modelName?: string;
  modelDir?: string;
  httpHost?: string;
  httpPort?: string;
  apiKey?: string;
  allowedHosts?: string;
  allowedOrigins?: string;
  maxBodyBytes?: string;
  policyFile?: string;
  logLevel?: string;
  embedBatchSize?: string;
  llmUrl?: string;
  llmModel?: string;
  llmApiKey?: string;
  librarianSocket?: string;
  librarianKey?: string;
  tocSegmentGapMinutes?: string;
  tocSegmentMaxTokens?: string;
  tocOverlapMinutes?: string;
  tocOverlapTokens?: string;
  tocSummariser?: string;
  conversationMode?: string;
  rateLimitBurst?: string;
  rateLimitPerSecond?: string;
}

const NAMES: Record<keyof EngramEnv, string[]> = {
  home: ['ENGRAM_HOME'],
  configFile: ['ENGRAM_CONFIG'],
  // DATABASE_URL is the ecosystem's name; ENGRAM_DATABASE_URL wins when both are set.
  databaseUrl: ['ENGRAM_DATABASE_URL', 'DATABASE_URL'],
  modelName: ['ENGRAM_MODEL_NAME'],
  modelDir: ['ENGRAM_MODEL_DIR'],
  httpHost: ['ENGRAM_HTTP_HOST', 'ENGRAM_HOST'],
  httpPort: ['ENGRAM_HTTP_PORT', 'ENGRAM_PORT'],
  apiKey: ['ENGRAM_API_KEY'],
  allowedHosts: ['ENGRAM_ALLOWED_HOSTS'],
  allowedOrigins: ['ENGRAM_ALLOWED_ORIGINS'],
  maxBodyBytes: ['ENGRAM_MAX_BODY_BYTES'],
  policyFile: ['ENGRAM_POLICY_FILE'],
  logLevel: ['ENGRAM_LOG_LEVEL'],
  embedBatchSize: ['ENGRAM_EMBED_BATCH_SIZE'],
  llmUrl: ['ENGRAM_LLM_URL'],
  llmModel: ['ENGRAM_LLM_MODEL'],
  llmApiKey: ['ENGRAM_LLM_API_KEY'],
  librarianSocket: ['ENGRAM_LIBRARIAN_SOCKET'],
  librarianKey: ['ENGRAM_LIBRARIAN_KEY'],
  tocSegmentGapMinutes: ['ENGRAM_TOC_SEGMENT_GAP_MINUTES'],
  tocSegmentMaxTokens: ['ENGRAM_TOC_SEGMENT_MAX_TOKENS'],
  tocOverlapMinutes: ['ENGRAM_TOC_OVERLAP_MINUTES'],
  tocOverlapTokens: ['ENGRAM_TOC_OVERLAP_TOKENS'],
  tocSummariser: ['ENGRAM_TOC_SUMMARISER'],
  conversationMode: ['ENGRAM_CONVERSATION_MODE'],
  rateLimitBurst: ['ENGRAM_RATE_LIMIT_BURST'],
  rateLimitPerSecond: ['ENGRAM_RATE_LIMIT_PER_SECOND'],
};

/** The environment variable names behind each field, first one wins (for docs and `doctor`). */
export const ENV_NAMES: Readonly<Record<keyof EngramEnv, readonly string[]>> = NAMES;

/** Picks engram's variables out of `env`; empty strings count as unset. */
export function readEnv(env: Record<string, string | undefined>): EngramEnv {
  const out: EngramEnv = {};
  for (const [field, names] of Object.entries(NAMES) as Array<[keyof EngramEnv, string[]]>) {
    const value = names.map((n) => env[n]).find((v) => v !== undefined && v.trim() !== '');
    if (value !== undefined) out[field] = value.trim();
  }
  return out;
}
