import { redactSensitive, redactText, redactValue, scanValue } from './scanner.js';

const kinds = (value: unknown) => scanValue(value).map((d) => d.kind);
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/*
 * One named positive case per detector and per credential keyword (issue 22): deleting a keyword,
 * a detector or a checksum fails the case that names it.
 */
describe('secret scanner: every detector finds its format', () => {
  it.each([
    ['private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----', 'private_key'],
    ['unterminated private key', 'paste: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA', 'private_key'],
    ['AWS access key id (AKIA)', 'key AKIAIOSFODNN7EXAMPLE here', 'aws_access_key'],
    ['AWS temporary key id (ASIA)', 'session ASIAY34FZKBOKMUTVV7A here', 'aws_access_key'],
    ['aws_secret_access_key = (ini)', `aws_secret_access_key = ${AWS_SECRET}`, 'aws_secret_key'],
    ['"aws_secret_access_key": (JSON)', `{"aws_secret_access_key": "${AWS_SECRET}"}`, 'aws_secret_key'],
    ['SecretAccessKey: (YAML)', `SecretAccessKey: ${AWS_SECRET}`, 'aws_secret_key'],
    ['bare 40-character key next to "aws"', `aws creds ${AWS_SECRET}`, 'aws_secret_key'],
    ['GitHub classic token (ghp_)', `token ghp_${'a'.repeat(36)}`, 'github_token'],
    ['GitHub fine-grained token (github_pat_)', `github_pat_${'A1b2C3d4E5'.repeat(3)}`, 'github_token'],
    ['OpenAI/Anthropic key (sk-)', `use sk-proj-${'A1b2'.repeat(6)}`, 'api_key'],
    ['Slack token (xoxb-)', 'xoxb-123456789012-abcdefghijkl', 'slack_token'],
    ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
    ['keyword password=', 'db password=hunter22 ok', 'password'],
    ['keyword passwd:', 'passwd: hunter22', 'password'],
    ['keyword pwd=', 'pwd=hunter22', 'password'],
    ['keyword secret=', 'secret=s3cr3tvalue', 'password'],
    ['keyword api_key=', 'api_key=abcd1234efgh', 'password'],
    ['keyword api-key:', 'api-key: abcd1234efgh', 'password'],
    ['keyword access_token=', 'access_token=abcd1234efgh', 'password'],
    ['keyword in JSON "password": "…"', '{"password": "hunter22"}', 'password'],
    ['Visa card (Luhn)', 'card 4111 1111 1111 1111 exp 12/29', 'card_number'],
    ['card without spaces (Luhn)', 'pay with 4012888888881881', 'card_number'],
    ['IBAN (mod 97)', 'IBAN GB82 WEST 1234 5698 7654 32', 'iban'],
    ['IBAN without spaces', 'to DE89370400440532013000 please', 'iban'],
    ['US SSN', 'ssn 123-45-6789', 'ssn'],
    ['email', 'mail alice@example.com now', 'email'],
    ['phone', 'call +1 415 555 0134', 'phone'],
  ])('%s', (_name, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it('finds a token split by a zero-width space or other invisible characters', () => {
    expect(kinds(`token ghp_\u200B${'a'.repeat(36)}`)).toContain('github_token');
    expect(kinds(`AKIA\u2060IOSFODNN7EXAMPLE`)).toContain('aws_access_key');
    expect(redactText(`x ghp_\u200B${'a'.repeat(36)} y`, ['secret'])).toBe('x [REDACTED:github_token] y');
  });
});

describe('secret scanner: look-alikes are not findings', () => {
  it.each([
    ['a card-length number failing Luhn', 'order 4111 1111 1111 1112'],
    ['an IBAN-shaped string failing mod 97', 'GB82 WEST 1234 5698 7654 33'],
    ['an SSN with area 000', 'ref 000-12-3456'],
    ['a git commit hash', 'fixed in 9fceb02d0ae598e95dc970b74767f19372d61af8 (aws deploy)'],
    ['a UUID', 'record 0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['dates, versions, IPs, ports', 'released 2026-01-02, version 1.2.3, ip 10.0.0.1, port 5432'],
    ['a bare 40-character string without AWS context', AWS_SECRET],
    ['prose', 'Use Postgres for everything'],
  ])('%s', (_name, text) => {
    expect(kinds(text)).toEqual([]);
  });
});

describe('secret scanner: what is scanned', () => {
  it('scans every key and value of metadata at any depth, whatever the key name', () => {
    const token = `ghp_${'b'.repeat(36)}`;
    for (const key of ['id', 'type', 'scope', 'status', 'trust', 'op', 'operation', 'replacementId', 'supersededBy']) {
      expect(kinds({ metadata: { deep: { deeper: { [key]: token } } } })).toContain('github_token');
      expect(kinds({ metadata: { [key]: token } })).toContain('github_token');
    }
    expect(kinds({ metadata: { [token]: 'value as key' } })).toContain('github_token');
    expect(redactValue({ metadata: { [token]: 1 } }, ['secret'])).toEqual({ metadata: { '[REDACTED:github_token]': 1 } });
  });

  it('treats the value of a credential key as a secret', () => {
    expect(kinds({ metadata: { password: 'hunter22' } })).toContain('password');
    expect(kinds({ metadata: { nested: { api_key: 'abcd1234' } } })).toContain('password');
  });

  it('leaves the schema-checked identifiers of a request alone', () => {
    expect(kinds({ op: 'create', id: '0f8fad5b-d9cb-469f-a165-70867728950e', type: 'fact', scope: 'project:p' })).toEqual([]);
  });

  it('redacts only the sensitive part and only the requested classes', () => {
    expect(redactText('password: hunter22 and bob@x.io', ['secret'])).toBe('password: [REDACTED:password] and bob@x.io');
    expect(redactText('write to bob@x.io', ['pii'])).toBe('write to [REDACTED:email]');
    expect(redactText('card 4111 1111 1111 1111 ok', ['pii'])).toBe('card [REDACTED:card_number] ok');
    expect(redactValue({ a: ['bob@x.io'], n: 1 }, ['pii'])).toEqual({ a: ['[REDACTED:email]'], n: 1 });
  });

  it('redacts ungated values everywhere, keys included, and never throws on deep input', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5000; i++) deep = { d: deep };
    expect(() => redactSensitive(deep)).not.toThrow();
    expect(redactSensitive({ id: `ghp_${'c'.repeat(36)}` })).toEqual({ id: '[REDACTED:github_token]' });
  });
});

// The "text mentions AWS" check is looked up once per text (it was rescanned per 40-character
// match, quadratic on a text of many such tokens): the remembered answer must not leak to another text.
describe('secret scanner: the AWS context is per text', () => {
  it('flags a bare 40-character key only in the text that mentions AWS, in any order of calls', () => {
    const withAws = `aws creds ${AWS_SECRET}`;
    const without = `build id ${AWS_SECRET}`;
    expect(kinds(withAws)).toContain('aws_secret_key');
    expect(kinds(without)).not.toContain('aws_secret_key');
    expect(kinds(withAws)).toContain('aws_secret_key');
  });

  it('finds a key among thousands of 40-character tokens once the text mentions AWS', () => {
    const tokens = Array.from({ length: 3000 }, (_, i) => `${'Ab1'.repeat(12)}${String(i).padStart(4, '0')}`);
    expect(kinds(tokens.join(' '))).not.toContain('aws_secret_key');
    expect(kinds(`aws ${tokens.join(' ')}`)).toContain('aws_secret_key');
  });
});
