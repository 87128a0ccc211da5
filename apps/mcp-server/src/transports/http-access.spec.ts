import { checkAccess, type HttpAccessConfig } from './http-access.js';

const base: HttpAccessConfig = { host: '127.0.0.1', port: 0, allowedHosts: [], allowedOrigins: [], maxBodyBytes: 1024 };

describe('checkAccess', () => {
  it('accepts localhost names on a loopback bind and rejects others (DNS rebinding)', () => {
    expect(checkAccess(base, { host: '127.0.0.1:7431' })).toBeUndefined();
    expect(checkAccess(base, { host: 'localhost:1' })).toBeUndefined();
    expect(checkAccess(base, { host: 'evil.example:7431' })).toEqual({ status: 403, message: 'Invalid Host header: evil.example:7431' });
    expect(checkAccess(base, {})?.status).toBe(403);
  });

  it('rejects foreign browser origins', () => {
    expect(checkAccess(base, { host: 'localhost', origin: 'http://localhost:3000' })).toBeUndefined();
    expect(checkAccess(base, { host: 'localhost', origin: 'https://evil.example' })?.status).toBe(403);
    expect(checkAccess({ ...base, allowedOrigins: ['https://app.example'] }, { host: 'localhost', origin: 'https://app.example' })).toBeUndefined();
  });

  it('requires the Bearer key when one is configured', () => {
    const cfg = { ...base, apiKey: 's3cret' };
    expect(checkAccess(cfg, { host: 'localhost' })).toEqual({ status: 401, message: 'Missing Bearer API key' });
    expect(checkAccess(cfg, { host: 'localhost', authorization: 'Bearer nope' })).toEqual({ status: 401, message: 'Invalid API key' });
    expect(checkAccess(cfg, { host: 'localhost', authorization: 'Bearer s3cret' })).toBeUndefined();
  });

  it('skips host checks on a public bind without an allow-list (the key protects it)', () => {
    expect(checkAccess({ ...base, host: '0.0.0.0', apiKey: 'k' }, { host: 'engram.example', authorization: 'Bearer k' })).toBeUndefined();
  });
});
