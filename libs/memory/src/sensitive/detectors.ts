import { ibanValid, looksLikeAwsSecret, luhnValid, ssnValid } from './checksums.js';

/** Whether a detector finds a credential (never stored) or personal data (redacted by default). */
export type DetectionClass = 'secret' | 'pii';

export interface Detector {
  kind: string;
  class: DetectionClass;
  pattern: RegExp;
  /** Capture group holding the sensitive part (the rest of the match is kept); 0 = whole match. */
  group?: number;
  /** A check on the match (checksum, context): false = not a finding. */
  valid?: (match: string, groups: string[], text: string) => boolean;
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

/** Key names whose value is a credential, in text (`password=…`) and as metadata keys. */
export const SECRET_KEY_NAMES = /^(?:password|passwd|pwd|secret|client_secret|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|private[_-]?key|aws[_-]?secret[_-]?access[_-]?key|secret[_-]?access[_-]?key)$/i;

// Order matters: specific token formats before the generic `password=` rule and the PII rules,
// card numbers before phone numbers (a spaced card number reads as a phone number too).
export const DETECTORS: readonly Detector[] = [
  { kind: 'private_key', class: 'secret', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
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
  { kind: 'slack_token', class: 'secret', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'jwt', class: 'secret', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'password', class: 'secret', group: 1,
    pattern: /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token)["']?\s*[:=]\s*["']?([^\s"',;]{4,})/gi,
  },
  {
    kind: 'card_number', class: 'pii',
    pattern: /(?<![\w.-])(?:\d[ -]?){12,18}\d(?![\w-])/g,
    valid: (m) => luhnValid(digitsOf(m)) && digitsOf(m).length <= 19,
  },
  { kind: 'iban', class: 'pii', pattern: /\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, valid: (m) => ibanValid(m) },
  { kind: 'ssn', class: 'pii', pattern: /(?<![\w-])(\d{3})-(\d{2})-(\d{4})(?![\w-])/g, valid: (_m, g) => ssnValid(g[0] ?? '', g[1] ?? '', g[2] ?? '') },
  { kind: 'email', class: 'pii', pattern: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g },
  {
    kind: 'phone', class: 'pii',
    // Not a run inside a longer group of digits (a card or account number is not a phone number).
    pattern: /(?<![\w.-]|\d[\s.-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?![\w-]|[\s.-]\d)/g,
    valid: (m) => digitsOf(m).length >= 9,
  },
];
