import { cardBrandFits, ibanValid, looksLikeAwsSecret, luhnValid, ssnValid } from './checksums.js';

/** Whether a detector finds a credential (never stored) or personal data (redacted by default). */
export type DetectionClass = 'secret' | 'pii';

export interface Detector {
  kind: string;
  class: DetectionClass;
  pattern: RegExp;
  /** Capture group holding the sensitive part (the rest of the match is kept); 0 = whole match. */
  group?: number;
  /** A check on the match (checksum, context): false = not a finding. */
  /** `text` is the whole text scanned; `at` the match's offset in `current`, the text as this detector sees it. */
  valid?: (match: string, groups: string[], text: string, at: { offset: number; current: string }) => boolean;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

const MENTIONS_AWS = /\baws\b|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/i;
let lastText: string | undefined;
let lastMentionsAws = false;

/**
 * Whether the text talks about AWS, looked up once per text: asked per 40-character match, a
 * 256 KB text of such tokens and no "aws" rescanned the whole text thousands of times.
 */
function mentionsAws(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    lastMentionsAws = MENTIONS_AWS.test(text);
  }
  return lastMentionsAws;
}

/**
 * Words that make a number a card number or an SSN (issue 36 T3-22): 1 in 40 epoch-millisecond
 * timestamps and 2 in 20 random 16-digit ids passed Luhn alone, and 20 of 20 `ddd-dd-dddd` part
 * numbers the SSN rule. Looked for within 40 characters either side.
 */
const CARD_CONTEXT = /\b(?:card|cards|credit|debit|visa|mastercard|master card|amex|american express|discover|maestro|cc|ccn|pan|pay|paid|payment|cvv|cvc|expiry|exp)\b/i;
const SSN_CONTEXT = /\b(?:ssn|ssns|social security|soc\.? ?sec|tax ?id|taxpayer|tin|itin)\b|ssn/i;
const CONTEXT_CHARS = 40;

function near(text: string, match: string, offset: number, words: RegExp): boolean {
  return words.test(text.slice(Math.max(0, offset - CONTEXT_CHARS), offset + match.length + CONTEXT_CHARS));
}

/** An RFC 9562 UUID (version 1-8, variant 10xx), as record, session and event ids are written. */
const UUID = /(?<![0-9A-Za-z-])[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?![0-9A-Za-z])/gi;

/**
 * Whether the `length` characters at `offset` lie inside a UUID. A UUID's decimal digits can
 * run across its dashes for 13-19 digits and pass Luhn (1 in 10): "c7fa-4172-8937-58642dfdb442"
 * read as a card glued to letters, and agents' notes are full of ids.
 */
function insideUuid(text: string, offset: number, length: number): boolean {
  const from = Math.max(0, offset - 36);
  const window = text.slice(from, offset + length + 36);
  for (const m of window.matchAll(UUID)) {
    const start = from + (m.index ?? 0);
    if (start <= offset && offset + length <= start + m[0].length) return true;
  }
  return false;
}

/**
 * A card number: Luhn and a brand's prefix and length, and card-like grouping (4-4-4-4, 4-6-5)
 * or a word that says card/payment nearby, or digits glued to letters (a card hidden in a word).
 * Digits inside a UUID are a card only where a word says so: an id's digits are glued to its hex
 * letters by construction, and a card written into an id-shaped string to slip past goes unseen
 * only when nothing around it speaks of cards.
 */
function cardValid(match: string, text: string, offset: number): boolean {
  const digits = digitsOf(match);
  if (digits.length > 19 || !luhnValid(digits) || !cardBrandFits(digits)) return false;
  if (insideUuid(text, offset, match.length)) return near(text, match, offset, CARD_CONTEXT);
  const grouped = /^\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{1,3})?$|^\d{4}([ -])\d{6}\2\d{4,5}$/.test(match);
  const glued = /[A-Za-z]/.test(text[offset - 1] ?? '') || /[A-Za-z]/.test(text[offset + match.length] ?? '');
  return grouped || glued || near(text, match, offset, CARD_CONTEXT);
}

/** Key names whose value is a credential, in text (`password=…`) and as metadata keys. */
export const SECRET_KEY_NAMES = /^(?:password|passwd|pwd|secret|client_secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|aws[_-]?secret[_-]?access[_-]?key|secret[_-]?access[_-]?key)$/i;

// Order matters: specific token formats before the generic `password=` rule and the PII rules,
// card numbers before phone numbers (a spaced card number reads as a phone number too).
export const DETECTORS: readonly Detector[] = [
  // PEM keys and PGP key blocks ("-----BEGIN PGP PRIVATE KEY BLOCK-----", issue 36 T3-21).
  { kind: 'private_key', class: 'secret', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { kind: 'aws_access_key', class: 'secret', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  {
    // JSON ("aws_secret_access_key": "…"), env/ini (aws_secret_access_key = …), YAML/CloudFormation (SecretAccessKey: …).
    kind: 'aws_secret_key', class: 'secret', group: 1,
    pattern: /\b(?:aws_?)?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
  },
  {
    // A bare 40-character key, only in a text that talks about AWS (a key id or the word).
    kind: 'aws_secret_key', class: 'secret',
    pattern: /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    valid: (m, _g, text) => looksLikeAwsSecret(m) && mentionsAws(text),
  },
  { kind: 'github_token', class: 'secret', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g },
  { kind: 'api_key', class: 'secret', pattern: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'google_api_key', class: 'secret', pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { kind: 'stripe_key', class: 'secret', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/g },
  { kind: 'npm_token', class: 'secret', pattern: /\bnpm_[A-Za-z0-9]{36}/g },
  { kind: 'slack_token', class: 'secret', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'jwt', class: 'secret', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    // Also under a prefixed name: PGPASSWORD=, DB_PASSWORD=, MYSQL_PWD= (issue 36 T3-21).
    kind: 'password', class: 'secret', group: 1,
    pattern: /\b[A-Za-z0-9_]*?(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token)["']?\s*[:=]\s*["']?([^\s"',;]{4,})/gi,
  },
  {
    // Not a run inside a longer number; letters and a "-suffix" around it do not hide it (T3-21).
    kind: 'card_number', class: 'pii',
    pattern: /(?<![\d.]|\d[ -])\d(?:[ -]?\d){12,18}(?![\d.]|[ -]\d)/g,
    valid: (m, _g, _text, at) => cardValid(m, at.current, at.offset),
  },
  { kind: 'iban', class: 'pii', pattern: /\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, valid: (m) => ibanValid(m) },
  {
    // With or without dashes, a "-suffix" allowed; only where the text speaks of SSNs (T3-21, T3-22).
    kind: 'ssn', class: 'pii', pattern: /(?<![\d-])(\d{3})(-?)(\d{2})\2(\d{4})(?![\d]|-\d)/g,
    valid: (m, g, _text, at) => ssnValid(g[0] ?? '', g[2] ?? '', g[3] ?? '') && near(at.current, m, at.offset, SSN_CONTEXT),
  },
  { kind: 'email', class: 'pii', pattern: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g },
  {
    kind: 'phone', class: 'pii',
    // Not a run inside a longer group of digits (a card or account number is not a phone number).
    pattern: /(?<![\w.-]|\d[\s.-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?![\w-]|[\s.-]\d)/g,
    valid: (m) => digitsOf(m).length >= 9,
  },
];
