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
