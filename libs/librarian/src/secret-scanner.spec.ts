import { redactText, redactValue, scanValue } from './secret-scanner.js';

const kinds = (text: string) => scanValue(text).map((d) => d.kind);

describe('secret scanner', () => {
  it('finds credentials', () => {
    expect(kinds('key AKIAIOSFODNN7EXAMPLE here')).toEqual(['aws_access_key']);
    expect(kinds('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----')).toEqual(['private_key']);
    expect(kinds('token ghp_' + 'a'.repeat(36))).toEqual(['github_token']);
    expect(kinds('use sk-proj-' + 'A1b2'.repeat(6))).toEqual(['api_key']);
    expect(kinds('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U')).toEqual(['jwt']);
    expect(kinds('db password=hunter22 ok')).toEqual(['password']);
  });

  it('finds PII and ignores look-alikes', () => {
    expect(kinds('mail alice@example.com now')).toEqual(['email']);
    expect(kinds('call +1 415 555 0134')).toEqual(['phone']);
    expect(kinds('released 2026-01-02, version 1.2.3, ip 10.0.0.1, port 5432')).toEqual([]);
    expect(kinds('Use Postgres for everything')).toEqual([]);
  });

  it('redacts only the sensitive part and only the requested classes', () => {
    expect(redactText('password: hunter22 and bob@x.io', ['secret'])).toBe('password: [REDACTED:password] and bob@x.io');
    expect(redactText('write to bob@x.io', ['pii'])).toBe('write to [REDACTED:email]');
    expect(redactValue({ a: ['bob@x.io'], n: 1 }, ['pii'])).toEqual({ a: ['[REDACTED:email]'], n: 1 });
  });
});
