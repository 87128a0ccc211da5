import { createTypeRegistry } from '@engram/memory';
import { checkHardConstraints, DEFAULT_LIMITS, type GateLimits } from './hard-constraints.js';
import { DEFAULT_POLICY, type GatePolicy } from './policy.js';

/*
 * Layer 1 without a database (issue 22): what the gate refuses before it reads or writes anything,
 * and what it stores in place of a secret or personal data. The gate-constraints integration spec
 * shows the same rules end to end; these pin the limits, codes and the redaction policy.
 */

const registry = createTypeRegistry();
const AWS_KEY = 'AKIAIOSFODNN7REALKEY';
const RECORD = '00000000-0000-4000-8000-000000000001';
const record = (over: Record<string, unknown> = {}) => ({ type: 'fact', content: 'The build uses pnpm', scope: 'project:p', ...over });
const create = (over: Record<string, unknown> = {}) => ({ op: 'create', ...record(over) });
const limits = (over: Partial<GateLimits>): GateLimits => ({ ...DEFAULT_LIMITS, ...over });
const withRedaction = (redaction: GatePolicy['redaction']): GatePolicy => ({ ...DEFAULT_POLICY, redaction });
const check = (input: unknown, l: GateLimits = DEFAULT_LIMITS, policy: GatePolicy = DEFAULT_POLICY) => checkHardConstraints(input, registry, policy, l);

function importVersion(version: number, over: Record<string, unknown> = {}) {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: RECORD, version, type: 'fact', content: `text ${version}`, metadata: {}, tags: [], scope: 'project:p',
    source: { type: 'user', id: null }, trust: 'user', status: 'active', createdAt: at, updatedAt: at, validFrom: at,
    validTo: null, supersededBy: null, statusReason: null, archived: false, confidence: 0.8, ...over,
  };
}

describe('Layer 1: requests that cannot be stored or parsed', () => {
  it('names the path of a string Postgres cannot hold', async () => {
    expect(await check(create({ content: 'a\u0000b' }))).toEqual({ ok: false, code: 'INVALID_REQUEST', reason: 'invalid request: $.content contains a NUL character (U+0000), which text cannot hold' });
  });

  it('answers a schema error with the parser message', async () => {
    const out = await check(create({ scope: 'team:x' }));
    expect(out).toMatchObject({ ok: false, code: 'INVALID_REQUEST' });
    expect(out.ok ? '' : out.reason).toMatch(/^invalid write request: scope: scope must be global/);
  });
});

describe('Layer 1: registered types', () => {
  it('refuses an unknown type and lists the registered ones', async () => {
    const out = await check(create({ type: 'runbook' }));
    expect(out).toEqual({ ok: false, code: 'UNKNOWN_TYPE', reason: `unknown memory type "runbook" (registered: ${registry.names().join(', ')})` });
  });

  it('checks the type of a supersede replacement and of every imported version', async () => {
    const supersede = { op: 'supersede', id: RECORD, replacement: record({ type: 'runbook' }) };
    expect(await check(supersede)).toMatchObject({ ok: false, code: 'UNKNOWN_TYPE' });
    const imported = { op: 'import', versions: [importVersion(1), importVersion(2, { type: 'runbook' })] };
    expect(await check(imported)).toMatchObject({ ok: false, code: 'UNKNOWN_TYPE', reason: expect.stringContaining('"runbook"') });
  });

  it('needs no type for an operation on an existing record', async () => {
    expect(await check({ op: 'archive', id: RECORD })).toMatchObject({ ok: true });
    expect(await check({ op: 'supersede', id: RECORD, replacementId: '00000000-0000-4000-8000-000000000002' })).toMatchObject({ ok: true });
  });
});

describe('Layer 1: size limits', () => {
  it('counts content in UTF-8 bytes, the limit itself allowed', async () => {
    // 'é' is 2 bytes: 3 characters are 6 bytes.
    expect(await check(create({ content: 'ééé' }), limits({ maxContentBytes: 6 }))).toMatchObject({ ok: true });
    expect(await check(create({ content: 'ééé' }), limits({ maxContentBytes: 5 }))).toEqual({ ok: false, code: 'TOO_LARGE', reason: 'size limit exceeded: content is 6 bytes (max 5)' });
  });

  it('limits metadata by its JSON size', async () => {
    const metadata = { k: 'v' }; // {"k":"v"} is 9 bytes
    expect(await check(create({ metadata }), limits({ maxMetadataBytes: 9 }))).toMatchObject({ ok: true });
    expect(await check(create({ metadata }), limits({ maxMetadataBytes: 8 }))).toEqual({ ok: false, code: 'TOO_LARGE', reason: 'size limit exceeded: metadata is 9 bytes (max 8)' });
  });

  it('limits the number of tags and the length of each', async () => {
    expect(await check(create({ tags: ['a', 'b'] }), limits({ maxTags: 2 }))).toMatchObject({ ok: true });
    expect(await check(create({ tags: ['a', 'b', 'c'] }), limits({ maxTags: 2 }))).toEqual({ ok: false, code: 'TOO_LARGE', reason: 'size limit exceeded: 3 tags (max 2)' });
    expect(await check(create({ tags: ['abcd'] }), limits({ maxTagLength: 4 }))).toMatchObject({ ok: true });
    const long = 'x'.repeat(40);
    expect(await check(create({ tags: ['ok', long] }), limits({ maxTagLength: 39 }))).toEqual({
      ok: false, code: 'TOO_LARGE', reason: `size limit exceeded: tag "${'x'.repeat(32)}…" is longer than 39 characters`,
    });
  });

  it('checks the content an update, a supersede and an import bring', async () => {
    const small = limits({ maxContentBytes: 4 });
    expect(await check({ op: 'update', id: RECORD, patch: { content: 'too long' } }, small)).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(await check({ op: 'update', id: RECORD, patch: { tags: ['a', 'b'] } }, limits({ maxTags: 1 }))).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(await check({ op: 'update', id: RECORD, patch: { metadata: { k: 'v' } } }, limits({ maxMetadataBytes: 2 }))).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(await check({ op: 'update', id: RECORD, patch: { confidence: 0.5 } }, small)).toMatchObject({ ok: true });
    expect(await check({ op: 'supersede', id: RECORD, replacement: record({ content: 'too long' }) }, small)).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(await check({ op: 'import', versions: [importVersion(1, { content: 'too long' })] }, small)).toMatchObject({ ok: false, code: 'TOO_LARGE' });
  });

  it('limits how many versions one import carries', async () => {
    const versions = [importVersion(1), importVersion(2), importVersion(3)];
    expect(await check({ op: 'import', versions }, limits({ maxImportVersions: 3 }))).toMatchObject({ ok: true });
    expect(await check({ op: 'import', versions }, limits({ maxImportVersions: 2 }))).toEqual({ ok: false, code: 'TOO_LARGE', reason: 'size limit exceeded: import has 3 versions (max 2)' });
  });
});

describe('Layer 1: secrets and personal data', () => {
  it('rejects a secret and never echoes it', async () => {
    const out = await check(create({ content: `deploy key ${AWS_KEY}` }));
    expect(out).toMatchObject({ ok: false, code: 'SECRET_DETECTED' });
    expect(out.ok ? '' : out.reason).toMatch(/^secret detected \(aws_access_key\): credentials are never stored/);
    expect(JSON.stringify(out)).not.toContain(AWS_KEY);
  });

  it('redacts a secret when the policy says so, and reports the kind', async () => {
    const out = await check(create({ content: `deploy key ${AWS_KEY}` }), DEFAULT_LIMITS, withRedaction({ secrets: 'redact', pii: 'allow' }));
    expect(out).toMatchObject({ ok: true, redactions: ['aws_access_key'], request: { content: 'deploy key [REDACTED:aws_access_key]' } });
  });

  it('names each kind of secret once, sorted', async () => {
    const key = '-----BEGIN RSA PRIVATE KEY-----MIIEow-----END RSA PRIVATE KEY-----';
    const out = await check(create({ content: `${key} and ${AWS_KEY} and ${AWS_KEY}` }));
    expect(out.ok ? '' : out.reason).toMatch(/^secret detected \(aws_access_key, private_key\): /);
    const redacted = await check(create({ content: `${key} and ${AWS_KEY}` }), DEFAULT_LIMITS, withRedaction({ secrets: 'redact', pii: 'redact' }));
    expect(redacted).toMatchObject({ ok: true, redactions: ['aws_access_key', 'private_key'] });
  });

  it('redacts personal data by default, each kind named once and sorted', async () => {
    const out = await check(create({ content: 'Phone +1 415 555 0134, mail bob@example.com or alice@example.com' }));
    expect(out).toMatchObject({ ok: true, redactions: ['email', 'phone'] });
    expect(out.ok && out.request.op === 'create' ? out.request.content : '').toBe('Phone [REDACTED:phone], mail [REDACTED:email] or [REDACTED:email]');
  });

  it('rejects personal data when the policy rejects PII, and keeps it when the policy allows it', async () => {
    const input = create({ content: 'Mail bob@example.com' });
    expect(await check(input, DEFAULT_LIMITS, withRedaction({ secrets: 'reject', pii: 'reject' }))).toEqual({
      ok: false, code: 'PII_DETECTED', reason: 'personal data detected (email) and the policy rejects PII',
    });
    expect(await check(input, DEFAULT_LIMITS, withRedaction({ secrets: 'reject', pii: 'allow' }))).toMatchObject({ ok: true, redactions: [], request: { content: 'Mail bob@example.com' } });
  });

  it('does not count a secret as personal data when the policy rejects only PII', async () => {
    const out = await check(create({ content: `deploy key ${AWS_KEY}` }), DEFAULT_LIMITS, withRedaction({ secrets: 'redact', pii: 'reject' }));
    expect(out).toMatchObject({ ok: true, redactions: ['aws_access_key'] });
  });

  it('redacts only the secret when personal data is allowed', async () => {
    const out = await check(create({ content: `key ${AWS_KEY} for bob@example.com` }), DEFAULT_LIMITS, withRedaction({ secrets: 'redact', pii: 'allow' }));
    expect(out).toMatchObject({ ok: true, redactions: ['aws_access_key'], request: { content: 'key [REDACTED:aws_access_key] for bob@example.com' } });
  });

  it('finds and redacts in a long text and in an import the same way (scanned in turns)', async () => {
    const filler = 'plain words about the build. '.repeat(700); // over 16 KB
    const long = await check(create({ content: `${filler}Mail bob@example.com` }));
    expect(long).toMatchObject({ ok: true, redactions: ['email'] });
    expect(long.ok && long.request.op === 'create' ? long.request.content.endsWith('Mail [REDACTED:email]') : false).toBe(true);
    expect(await check(create({ content: `${filler}${AWS_KEY}` }))).toMatchObject({ ok: false, code: 'SECRET_DETECTED' });

    const imported = await check({ op: 'import', versions: [importVersion(1, { content: 'Mail bob@example.com' })] });
    expect(imported).toMatchObject({ ok: true, redactions: ['email'], request: { versions: [{ content: 'Mail [REDACTED:email]' }] } });
  });

  it('passes a clean request through unchanged, with no redactions', async () => {
    const out = await check(create());
    expect(out).toMatchObject({ ok: true, redactions: [], request: { op: 'create', content: 'The build uses pnpm' } });
  });
});

describe('Layer 1: identifiers (issue 36)', () => {
  const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;

  it('T3-20 refuses a secret in a scope on every gated path (create, import), naming the field and not the secret', async () => {
    for (const request of [create({ scope: `project:${token}` }), { op: 'import', versions: [importVersion(1, { scope: `project:${token}` })] }]) {
      const out = await check(request);
      expect(out).toMatchObject({ ok: false, code: 'SECRET_DETECTED' });
      expect(out.ok ? '' : out.reason).toMatch(/scope contains .*github_token/);
      expect(out.ok ? '' : out.reason).not.toContain(token);
    }
    expect(await check(create({ scope: 'project:engram' }))).toMatchObject({ ok: true });
  });
});
