import type { TypeRegistry } from '@engram/memory';
import type { GatePolicy } from './policy.js';
import type { RateLimit } from './rate-limiter.js';
import { findSecretIdentifier, identifierSecretMessage, inputProblem } from '@engram/memory';
import { redactValue, redactValueInTurns, scanValue, scanValueInTurns, type DetectionClass } from './secret-scanner.js';
import { parseWriteRequest, type WriteRequest } from './write-request.js';

/** Layer 1 size and rate limits; all configurable. */
export interface GateLimits {
  maxContentBytes: number;
  maxMetadataBytes: number;
  maxTags: number;
  maxTagLength: number;
  maxImportVersions: number;
  rate: RateLimit;
}

/** Defaults: generous for text, strict enough to stop a runaway agent. */
export const DEFAULT_LIMITS: GateLimits = {
  maxContentBytes: 256 * 1024,
  maxMetadataBytes: 64 * 1024,
  maxTags: 64,
  maxTagLength: 128,
  maxImportVersions: 10_000,
  rate: { capacity: 120, refillPerSecond: 2 },
};

/**
 * The per-actor token bucket an operator configured (`burst` writes at once, refilled at
 * `perSecond`), each unset part falling back to the default: 120 at once, 2 per second.
 */
export function rateLimitFrom(setting?: { burst?: number; perSecond?: number }): RateLimit {
  return {
    capacity: setting?.burst ?? DEFAULT_LIMITS.rate.capacity,
    refillPerSecond: setting?.perSecond ?? DEFAULT_LIMITS.rate.refillPerSecond,
  };
}

/** Why Layer 1 refused a request. */
export const LAYER1_CODES = ['INVALID_REQUEST', 'UNKNOWN_TYPE', 'TOO_LARGE', 'SECRET_DETECTED', 'PII_DETECTED', 'RATE_LIMITED', 'SCOPE_DENIED'] as const;
export type Layer1Code = (typeof LAYER1_CODES)[number];

/** Layer 1 verdict: the (possibly redacted) request, or a rejection (never stored: issue 17). */
export type Layer1Result =
  | { ok: true; request: WriteRequest; redactions: string[] }
  | { ok: false; code: Layer1Code; reason: string };

interface Content {
  content: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
}

function contents(r: WriteRequest): Content[] {
  switch (r.op) {
    case 'create': return [r];
    case 'update': return r.patch.content !== undefined || r.patch.metadata || r.patch.tags ? [{ content: r.patch.content ?? '', ...r.patch }] : [];
    case 'supersede': return r.replacement ? [r.replacement] : [];
    case 'import': return r.versions;
    default: return [];
  }
}

function typesOf(r: WriteRequest): string[] {
  if (r.op === 'create') return [r.type];
  if (r.op === 'supersede' && r.replacement) return [r.replacement.type];
  if (r.op === 'import') return r.versions.map((v) => v.type);
  return [];
}

function sizeProblem(r: WriteRequest, l: GateLimits): string | undefined {
  if (r.op === 'import' && r.versions.length > l.maxImportVersions) return `import has ${r.versions.length} versions (max ${l.maxImportVersions})`;
  for (const c of contents(r)) {
    const bytes = Buffer.byteLength(c.content, 'utf8');
    if (bytes > l.maxContentBytes) return `content is ${bytes} bytes (max ${l.maxContentBytes})`;
    const meta = Buffer.byteLength(JSON.stringify(c.metadata ?? {}), 'utf8');
    if (meta > l.maxMetadataBytes) return `metadata is ${meta} bytes (max ${l.maxMetadataBytes})`;
    if ((c.tags?.length ?? 0) > l.maxTags) return `${c.tags?.length} tags (max ${l.maxTags})`;
    const long = c.tags?.find((t) => t.length > l.maxTagLength);
    if (long) return `tag "${long.slice(0, 32)}…" is longer than ${l.maxTagLength} characters`;
  }
  return undefined;
}

const unique = (xs: string[]) => [...new Set(xs)].sort();

const SCOPE_KEYS: ReadonlySet<string> = new Set(['scope']);

/** From this many characters of content the scan gives the event loop turns (ADR-0031). */
const SCAN_IN_TURNS_FROM = 16_384;

/**
 * Layer 1 hard constraints that need no database: schema, registered types, sizes, secrets/PII.
 * Never overridden by policy. A rejection is answered and counted, never stored, so nothing of a
 * refused request (secrets included) reaches the database. The scan and redaction run in turns of
 * the event loop (a 256 KB text is 14 detector passes; issue 17, ADR-0031).
 */
export async function checkHardConstraints(input: unknown, registry: TypeRegistry, policy: GatePolicy, limits: GateLimits): Promise<Layer1Result> {
  const unstorable = inputProblem(input);
  if (unstorable) return { ok: false, code: 'INVALID_REQUEST', reason: `invalid request: ${unstorable}` };
  const parsed = parseWriteRequest(input);
  if (!parsed.ok) return { ok: false, code: 'INVALID_REQUEST', reason: parsed.message };
  const request = parsed.request;
  const unknownType = typesOf(request).find((t) => !registry.has(t));
  if (unknownType) return { ok: false, code: 'UNKNOWN_TYPE', reason: `unknown memory type "${unknownType}" (registered: ${registry.names().join(', ')})` };
  const tooBig = sizeProblem(request, limits);
  if (tooBig) return { ok: false, code: 'TOO_LARGE', reason: `size limit exceeded: ${tooBig}` };
  // A scope is stored and matched as given, never redacted: a secret in one is refused (issue 36 T3-20).
  const secretScope = findSecretIdentifier(request, SCOPE_KEYS);
  if (secretScope) return { ok: false, code: 'SECRET_DETECTED', reason: identifierSecretMessage(secretScope.path, secretScope.kind) };

  // A short request is scanned at once, as before; a long text or an import in turns (metadata is
  // at most 64 KB, a few milliseconds of scanning).
  const long = request.op === 'import' || contents(request).some((c) => c.content.length > SCAN_IN_TURNS_FROM);
  const findings = long ? await scanValueInTurns(request) : scanValue(request);
  const secrets = unique(findings.filter((f) => f.class === 'secret').map((f) => f.kind));
  const pii = unique(findings.filter((f) => f.class === 'pii').map((f) => f.kind));
  if (secrets.length && policy.redaction.secrets === 'reject') {
    return { ok: false, code: 'SECRET_DETECTED', reason: `secret detected (${secrets.join(', ')}): credentials are never stored; remove them and resubmit` };
  }
  if (pii.length && policy.redaction.pii === 'reject') {
    return { ok: false, code: 'PII_DETECTED', reason: `personal data detected (${pii.join(', ')}) and the policy rejects PII` };
  }
  const classes: DetectionClass[] = [];
  if (secrets.length) classes.push('secret');
  if (pii.length && policy.redaction.pii === 'redact') classes.push('pii');
  const redactions = unique([...(classes.includes('secret') ? secrets : []), ...(classes.includes('pii') ? pii : [])]);
  if (!classes.length) return { ok: true, request, redactions };
  return { ok: true, request: long ? await redactValueInTurns(request, classes) : redactValue(request, classes), redactions };
}
