import { scanValue } from './scanner.js';

/*
 * Identifiers (session and event ids, agent and project names, scopes, PRD refs) are stored and
 * compared as given: copied into other tables, indexed, shown in lists. Redacting one would merge
 * or break what it names, so a secret in an identifier is refused instead (issue 36 T3-20), with
 * the kind of finding, never its text. Personal data that is routinely an identifier (an e-mail
 * address as an agent name) is allowed; card numbers, SSNs and IBANs are not.
 */
const REFUSED_PII = new Set(['card_number', 'ssn', 'iban']);

/** The kind of secret (or card number, SSN, IBAN) an identifier holds, or undefined. */
export function identifierSecretKind(value: string): string | undefined {
  return scanValue(value, { free: true }).find((d) => d.class === 'secret' || REFUSED_PII.has(d.kind))?.kind;
}

/** The sentence that refuses an identifier `field` holding a finding of `kind`. */
export function identifierSecretMessage(field: string, kind: string): string {
  return `${field} contains what looks like a secret or personal number (${kind}); identifiers are stored as given, never redacted: use one without it`;
}

/**
 * The first string under one of `keys` (at any depth, not inside `metadata`) that holds a secret:
 * its path and kind. For checks that know their identifier fields by name (the gate's scopes).
 */
export function findSecretIdentifier(value: unknown, keys: ReadonlySet<string>, path = ''): { path: string; kind: string } | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findSecretIdentifier(v, keys, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object' || value instanceof Date) return undefined;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'metadata') continue;
    const at = path ? `${path}.${k}` : k;
    const kind = typeof v === 'string' && keys.has(k) ? identifierSecretKind(v) : undefined;
    if (kind) return { path: at, kind };
    const found = typeof v === 'object' ? findSecretIdentifier(v, keys, at) : undefined;
    if (found) return found;
  }
  return undefined;
}
