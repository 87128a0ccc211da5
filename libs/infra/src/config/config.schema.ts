import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from '../logger.js';
import { lifecycleSettingsSchema } from './lifecycle-settings.js';

const port = z.number().int().min(0).max(65535);
const positiveInt = z.number().int().positive();

const httpSchema = z.strictObject({
  host: z.string().min(1),
  port,
  apiKey: z.string().min(1).optional(),
  allowedHosts: z.array(z.string().min(1)),
  allowedOrigins: z.array(z.string().min(1)),
  maxBodyBytes: positiveInt,
});

/** The complete config; every layer merged. */
export const configSchema = z.strictObject({
  home: z.string().min(1),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  modelName: z.string().min(1),
  modelDir: z.string().min(1),
  http: httpSchema,
  policyFile: z.string().min(1),
  logLevel: z.enum(LOG_LEVELS as [LogLevel, ...LogLevel[]]),
  embedBatchSize: positiveInt.max(1024),
  llmUrl: z.string().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional(),
  llmModel: z.string().min(1).optional(),
  llmApiKey: z.string().min(1).optional(),
  // The librarian split (ADR-0047): a Unix socket path (at most 100 bytes, the OS limit) and its shared key.
  librarianSocket: z.string().min(1).max(100, 'a Unix socket path has at most 100 bytes').optional(),
  librarianKey: z.string().min(32, 'the librarian key needs at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  lifecycle: lifecycleSettingsSchema.optional(),
  // Conversation TOC (seed 002 TOC-03/04): absent means the conversation lib's defaults (30 min, 4K, 5 min, 500).
  tocSegmentGapMinutes: positiveInt.max(24 * 60).optional(),
  tocSegmentMaxTokens: positiveInt.max(1_000_000).optional(),
  tocOverlapMinutes: z.number().int().min(0).max(24 * 60).optional(),
  tocOverlapTokens: z.number().int().min(0).max(1_000_000).optional(),
  tocSummariser: z.enum(['extractive', 'llm']).optional(),
  conversationMode: z.enum(['unified', 'per-agent']),
  rateLimit: z.strictObject({
    burst: positiveInt.max(1_000_000_000).optional(),
    perSecond: z.number().positive().max(1_000_000_000).optional(),
    // Per actor (pattern with *, first match wins): a bucket of its own, or `unlimited` (ADR-0027).
    actors: z.record(z.string().min(1).max(200), z.union([
      z.literal('unlimited'),
      z.strictObject({ burst: positiveInt.max(1_000_000_000).optional(), perSecond: z.number().positive().max(1_000_000_000).optional() }),
    ])).optional(),
  }).optional(),
});

/** What a config file may hold: any subset, but no unknown keys (typos fail loudly) and no home. */
export const fileSchema = configSchema.omit({ home: true }).extend({ http: httpSchema.partial().optional() }).partial();

/** Human-readable list of zod issues: `http.port: Too big ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}
