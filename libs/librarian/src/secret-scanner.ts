/** Whether a detector finds a credential (never stored) or personal data (redacted by default). */
export type DetectionClass = 'secret' | 'pii';

interface Detector {
  kind: string;
  class: DetectionClass;
  pattern: RegExp;
  /** Capture group holding the sensitive part (the rest of the match is kept); 0 = whole match. */
  group?: number;
}

// Order matters: specific token formats before the generic `password=` rule and the PII rules.
const DETECTORS: readonly Detector[] = [
  { kind: 'private_key', class: 'secret', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  { kind: 'aws_access_key', class: 'secret', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'aws_secret_key', class: 'secret', pattern: /\baws_secret_access_key\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})\b/gi, group: 1 },
  { kind: 'github_token', class: 'secret', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g },
  { kind: 'api_key', class: 'secret', pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack_token', class: 'secret', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'jwt', class: 'secret', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'password',
    class: 'secret',
    pattern: /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token)\s*[:=]\s*["']?([^\s"',;]{4,})/gi,
    group: 1,
  },
  { kind: 'email', class: 'pii', pattern: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g },
  {
    kind: 'phone',
    class: 'pii',
    pattern: /(?<![\w.-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?![\w-])/g,
  },
];

/** One finding: its kind and class, never the sensitive text itself. */
export interface Detection {
  kind: string;
  class: DetectionClass;
}

/** What to do with each class of finding. `allow` keeps PII as is. */
export interface RedactionRules {
  secrets: 'reject' | 'redact';
  pii: 'reject' | 'redact' | 'allow';
}

function digits(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Replaces sensitive spans with `[REDACTED:<kind>]`; `classes` limits which detectors apply. */
export function redactText(text: string, classes: readonly DetectionClass[], found: Detection[] = []): string {
  let out = text;
  for (const d of DETECTORS) {
    if (!classes.includes(d.class)) continue;
    out = out.replace(d.pattern, (match: string, ...groups: unknown[]) => {
      if (d.kind === 'phone' && digits(match) < 9) return match;
      found.push({ kind: d.kind, class: d.class });
      const secret = d.group ? String(groups[d.group - 1] ?? match) : match;
      return match.replace(secret, `[REDACTED:${d.kind}]`);
    });
  }
  return out;
}

// Identifiers and enums are never free text; scanning them only risks mangling a UUID.
const SKIPPED_KEYS = new Set(['id', 'replacementId', 'supersededBy', 'op', 'type', 'scope', 'status', 'trust', 'operation']);

/** Applies `redactText` to every string value of a JSON value (keys and identifier fields excluded). */
export function redactValue<T>(value: T, classes: readonly DetectionClass[], found: Detection[] = []): T {
  if (typeof value === 'string') return redactText(value, classes, found) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, classes, found)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SKIPPED_KEYS.has(k) && typeof v === 'string' ? v : redactValue(v, classes, found);
    }
    return out as T;
  }
  return value;
}

/** Lists what a JSON value contains, without changing it. */
export function scanValue(value: unknown): Detection[] {
  const found: Detection[] = [];
  redactValue(value, ['secret', 'pii'], found);
  return found;
}
