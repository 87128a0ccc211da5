import {
  redactSensitive, redactText, redactValue, redactValueInTurns, scanValue, scanValueInTurns, type Detection,
} from './scanner.js';

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

// Cases named after the mutants of the 2026-11-26 full memory run that no test noticed (issue 22).
describe('secret scanner: request fields and credential keys', () => {
  const token = `ghp_${'d'.repeat(36)}`;

  it('keeps a string identifier of a request verbatim even when it reads like a secret, and scans other fields', () => {
    for (const key of ['id', 'scope', 'replacementId', 'supersededBy', 'op', 'type', 'status', 'trust', 'operation', 'target']) {
      const found: Detection[] = [];
      expect(redactValue({ [key]: token, content: token }, ['secret'], found)).toEqual({ [key]: token, content: '[REDACTED:github_token]' });
      expect(found).toEqual([{ kind: 'github_token', class: 'secret' }]);
    }
  });

  it('scans an identifier key whose value is not a string, and nested request objects stay request fields', () => {
    expect(redactValue({ id: [token] }, ['secret'])).toEqual({ id: ['[REDACTED:github_token]'] });
    expect(redactValue({ payload: { id: token, note: token } }, ['secret'])).toEqual({ payload: { id: token, note: '[REDACTED:github_token]' } });
  });

  it.each([
    'password', 'passwd', 'pwd', 'secret', 'client_secret', 'api_key', 'api-key', 'apikey', 'access_token', 'access-token', 'accesstoken',
    'auth_token', 'auth-token', 'authtoken', 'refresh_token', 'refresh-token', 'refreshtoken', 'private_key', 'private-key', 'privatekey',
    'aws_secret_access_key', 'aws-secret-access-key', 'awssecretaccesskey', 'secret_access_key', 'secret-access-key', 'SecretAccessKey',
  ])('a metadata value under the key %s is a credential', (key) => {
    const found: Detection[] = [];
    expect(redactValue({ metadata: { [key]: 'hunter22' } }, ['secret'], found)).toEqual({ metadata: { [key]: '[REDACTED:password]' } });
    expect(found).toEqual([{ kind: 'password', class: 'secret' }]);
  });

  it('a credential key only counts as a whole key, in free text, for a string of 4+ characters, when secrets are asked for', () => {
    for (const key of ['password_hint', 'my_password', 'xsecret', 'secrets']) {
      expect(scanValue({ metadata: { [key]: 'hunter22' } })).toEqual([]);
    }
    expect(redactValue({ metadata: { password: 'abcd' } }, ['secret'])).toEqual({ metadata: { password: '[REDACTED:password]' } });
    expect(scanValue({ metadata: { password: 'abc' } })).toEqual([]);
    expect(scanValue({ metadata: { password: 12345678 } })).toEqual([]);
    expect(scanValue({ password: 'hunter22' })).toEqual([]);
    expect(redactValue({ metadata: { password: 'hunter22' } }, ['pii'])).toEqual({ metadata: { password: 'hunter22' } });
  });

  it('walks 64 levels and replaces what lies deeper, in objects and in arrays', () => {
    const nest = (depth: number, wrap: (inner: unknown) => unknown, leaf: unknown = {}) => {
      let v = leaf;
      for (let i = 0; i < depth; i++) v = wrap(v);
      return v;
    };
    for (const wrap of [(inner: unknown) => ({ d: inner }), (inner: unknown) => [inner]]) {
      const found: Detection[] = [];
      expect(redactValue(nest(64, wrap), ['secret'], found)).toEqual(nest(64, wrap));
      expect(found).toEqual([]);
      expect(redactValue(nest(65, wrap), ['secret'], found)).toEqual(nest(65, wrap, '[REDACTED:too_deep]'));
      expect(found).toEqual([{ kind: 'too_deep', class: 'secret' }]);
    }
  });

  it('keeps invisible characters that reveal nothing, with one finding per span', () => {
    const found: Detection[] = [];
    const text = 'thumbs 👍\u200D ok, mail bob@x.io';
    expect(redactText(text, ['pii'], found)).toBe('thumbs 👍\u200D ok, mail [REDACTED:email]');
    expect(found).toEqual([{ kind: 'email', class: 'pii' }]);
  });

  it('gives the same answer in turns of the event loop (the gate path for long texts)', async () => {
    const value = { content: 'mail bob@x.io', metadata: { password: 'hunter22', [token]: 1 } };
    expect(await scanValueInTurns(value)).toEqual(scanValue(value));
    expect(await scanValueInTurns(value)).toEqual([
      { kind: 'email', class: 'pii' }, { kind: 'password', class: 'secret' }, { kind: 'github_token', class: 'secret' },
    ]);
    const found: Detection[] = [];
    expect(await redactValueInTurns(value, ['secret'], found)).toEqual(redactValue(value, ['secret']));
    expect(found).toHaveLength(2);
  });

  it('redacts personal data in ungated text too', () => {
    expect(redactSensitive({ note: 'mail bob@x.io' })).toEqual({ note: 'mail [REDACTED:email]' });
  });
});

describe('secret scanner: checksum and length rules of the PII detectors', () => {
  it('finds a 19-digit card number and a 9-digit phone number, not an 8-digit one', () => {
    expect(kinds('pay 4111111111111111110 now')).toEqual(['card_number']);
    expect(kinds('call 12 345 6789')).toEqual(['phone']);
    expect(kinds('call 12 345 678')).toEqual([]);
  });

  it('checks the group and serial of an SSN, and finds one followed by more text', () => {
    expect(kinds('ssn 123-45-6789 on file')).toEqual(['ssn']);
    expect(kinds('ref 123-00-4567 on file')).toEqual([]);
    expect(kinds('ref 123-45-0000 on file')).toEqual([]);
  });
});

describe('secret scanner: each detector covers the whole span, in the forms it names', () => {
  it.each([
    ['a private key, with text after its END line', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\nafter', '[REDACTED:private_key]\nafter'],
    ['an AWS secret key after "=" without spaces', `aws_secret_access_key=${AWS_SECRET};`, 'aws_secret_access_key=[REDACTED:aws_secret_key];'],
    ['an AWS secret key under awssecretaccesskey', `awssecretaccesskey: ${AWS_SECRET}`, 'awssecretaccesskey: [REDACTED:aws_secret_key]'],
    ['a bare AWS secret key followed by text', `aws creds ${AWS_SECRET} end`, 'aws creds [REDACTED:aws_secret_key] end'],
    ['a bare AWS secret key next to a key id only', `AKIAIOSFODNN7EXAMPLE ${AWS_SECRET}`, '[REDACTED:aws_access_key] [REDACTED:aws_secret_key]'],
    ['an sk- key without a prefix', `use sk-${'A1b2'.repeat(6)} now`, 'use [REDACTED:api_key] now'],
    ['an sk-ant- key', `use sk-ant-${'A1b2'.repeat(6)} now`, 'use [REDACTED:api_key] now'],
    ['a Slack token', 'tok xoxb-123456789012-abcdefghijkl end', 'tok [REDACTED:slack_token] end'],
    ['a JWT', 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end', 'jwt [REDACTED:jwt] end'],
    ['apikey= without a separator', 'apikey=abcd1234efgh', 'apikey=[REDACTED:password]'],
    ['accesstoken: without a separator', 'accesstoken: abcd1234efgh', 'accesstoken: [REDACTED:password]'],
    ['password = with spaces', 'password = hunter22', 'password = [REDACTED:password]'],
  ])('%s', (_name, text, redacted) => {
    expect(redactText(text, ['secret'])).toBe(redacted);
  });

  it.each([
    ['+44 20 7946 0958', 'call [REDACTED:phone] now'],
    ['+4420 7946 0958', 'call [REDACTED:phone] now'],
    ['(020) 7946 0958', 'call [REDACTED:phone] now'],
    ['(020)7946 0958', 'call [REDACTED:phone] now'],
  ])('the phone number %s is one span', (phone, redacted) => {
    expect(redactText(`call ${phone} now`, ['pii'])).toBe(redacted);
  });
});
