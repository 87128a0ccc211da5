import { z } from 'zod';

/*
 * The `lifecycle:` config section (seed 003 Appendix B): overrides of the decision engine's
 * constants. Only the shape is checked here; @engram/lifecycle validates ranges and contradictions
 * (resolveDecisionConfig) and owns the defaults. Half-lives are per seed category and become type
 * registry overrides of the mapped memory type (ADR-0014).
 */
const num = z.number().finite();
const half = z.number().positive().finite();

export const lifecycleSettingsSchema = z.strictObject({
  storageThreshold: num.optional(),
  /** Feed hook conversation events through the decision engine (off by default; ADR-0014). */
  conversationFormation: z.boolean().optional(),
  recencyLambda: num.optional(),
  frequencyLambda: num.optional(),
  entityImportanceCap: num.optional(),
  similarWindowDays: num.optional(),
  similarOverlap: num.optional(),
  similarScanLimit: z.number().int().optional(),
  compressionMinCount: z.number().int().optional(),
  compressionWindowDays: num.optional(),
  maxLinks: z.number().int().optional(),
  weights: z.strictObject({ recency: num.optional(), frequency: num.optional(), entityImportance: num.optional() }).optional(),
  learning: z.strictObject({
    enabled: z.boolean().optional(), weightRate: num.optional(), minWeight: num.optional(), maxWeight: num.optional(),
    successRate: num.optional(), failureRate: num.optional(), minFactor: num.optional(), maxFactor: num.optional(),
  }).optional(),
  halfLives: z.strictObject({
    preference: half.optional(), conversation: half.optional(), task: half.optional(), pattern: half.optional(), episodic: half.optional(),
  }).optional(),
  // Lifecycle sweeps (ADR-0015), config file only: cron strings (UTC) or "off", and the throttle.
  sweeps: z.strictObject({
    archiveThreshold: z.number().gt(0).lt(1).optional(),
    batchSize: z.number().int().min(1).max(10_000).optional(),
    pauseMs: z.number().int().min(0).max(60_000).optional(),
    dutyCycle: z.number().gt(0).max(1).optional(),
    schedules: z.strictObject({ archive: z.string().min(1).optional(), consolidate: z.string().min(1).optional(), reembed: z.string().min(1).optional() }).optional(),
  }).optional(),
});

/** Lifecycle overrides from the config file and environment. */
export type LifecycleSettings = z.infer<typeof lifecycleSettingsSchema>;

/** Seed 003 Appendix B variables, ENGRAM_-prefixed, and the setting each one sets. */
export const LIFECYCLE_ENV: ReadonlyArray<readonly [string, (s: LifecycleSettings, v: string) => void]> = [
  ['ENGRAM_STORAGE_THRESHOLD', (s, v) => (s.storageThreshold = toNumber('ENGRAM_STORAGE_THRESHOLD', v))],
  ['ENGRAM_COMPRESSION_MIN_COUNT', (s, v) => (s.compressionMinCount = toNumber('ENGRAM_COMPRESSION_MIN_COUNT', v))],
  ['ENGRAM_COMPRESSION_TIME_WINDOW_DAYS', (s, v) => (s.compressionWindowDays = toNumber('ENGRAM_COMPRESSION_TIME_WINDOW_DAYS', v))],
  ['ENGRAM_CONVERSATION_FORMATION', (s, v) => (s.conversationFormation = toBool('ENGRAM_CONVERSATION_FORMATION', v))],
  ['ENGRAM_LEARNING_ENABLED', (s, v) => (s.learning = { ...s.learning, enabled: toBool('ENGRAM_LEARNING_ENABLED', v) })],
  ...(['preference', 'conversation', 'task', 'pattern', 'episodic'] as const).map((c) => {
    const name = `ENGRAM_DECAY_HALFLIFE_${c.toUpperCase()}`;
    return [name, (s: LifecycleSettings, v: string) => (s.halfLives = { ...s.halfLives, [c]: toNumber(name, v) })] as const;
  }),
];

function toNumber(name: string, v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
}

function toBool(name: string, v: string): boolean {
  if (/^(true|1|yes|on)$/i.test(v)) return true;
  if (/^(false|0|no|off)$/i.test(v)) return false;
  throw new Error(`${name} must be true or false, got "${v}"`);
}

/** The lifecycle overrides set by the environment (undefined when none). */
export function lifecycleFromEnv(env: Record<string, string | undefined>): LifecycleSettings | undefined {
  const s: LifecycleSettings = {};
  let any = false;
  for (const [name, set] of LIFECYCLE_ENV) {
    const v = env[name];
    if (v === undefined || v.trim() === '') continue;
    set(s, v.trim());
    any = true;
  }
  return any ? s : undefined;
}

/** File settings, then env settings on top (nested objects field by field). */
export function mergeLifecycle(file: LifecycleSettings | undefined, env: LifecycleSettings | undefined): LifecycleSettings | undefined {
  if (!file) return env;
  if (!env) return file;
  return {
    ...file, ...env,
    ...(file.weights || env.weights ? { weights: { ...file.weights, ...env.weights } } : {}),
    ...(file.learning || env.learning ? { learning: { ...file.learning, ...env.learning } } : {}),
    ...(file.halfLives || env.halfLives ? { halfLives: { ...file.halfLives, ...env.halfLives } } : {}),
  };
}
