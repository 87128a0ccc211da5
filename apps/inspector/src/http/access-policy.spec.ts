import { checkAccess, sessionToken, type AccessConfig } from './access-policy.js';

const loopback: AccessConfig = { host: '127.0.0.1', allowedHosts: [], allowedOrigins: [] };
const keyed: AccessConfig = { ...loopback, apiKey: 'secret-key' };
const get = (headers: Record<string, string>, path = '/memories') => ({ method: 'GET', path, headers });

describe('checkAccess', () => {
  it('lets a loopback page through without a key when none is configured', () => {
    expect(checkAccess(loopback, get({ host: '127.0.0.1:8790' }))).toBeUndefined();
    expect(checkAccess(loopback, get({ host: 'localhost:8790', origin: 'http://localhost:8790' }))).toBeUndefined();
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin with 403', () => {
    expect(checkAccess(loopback, get({ host: 'evil.example' }))?.status).toBe(403);
    expect(checkAccess(loopback, get({}))?.status).toBe(403);
    expect(checkAccess(loopback, get({ host: '127.0.0.1:8790', origin: 'http://evil.example' }))?.status).toBe(403);
  });

  it('refuses a form post without an Origin (cross-site request forgery)', () => {
    expect(checkAccess(loopback, { method: 'POST', path: '/gate/x/approve', headers: { host: '127.0.0.1' } })?.status).toBe(403);
    expect(checkAccess(loopback, { method: 'POST', path: '/gate/x/approve', headers: { host: '127.0.0.1', origin: 'http://127.0.0.1:8790' } })).toBeUndefined();
  });

  it('needs the key as a Bearer header or the session cookie (401), except for /login and assets', () => {
    const host = '127.0.0.1:8790';
    expect(checkAccess(keyed, get({ host }))?.status).toBe(401);
    expect(checkAccess(keyed, get({ host, authorization: 'Bearer wrong' }))?.status).toBe(401);
    expect(checkAccess(keyed, get({ host, authorization: 'Bearer secret-key' }))).toBeUndefined();
    expect(checkAccess(keyed, get({ host, cookie: `a=b; engram_ui=${sessionToken('secret-key')}` }))).toBeUndefined();
    expect(checkAccess(keyed, get({ host, cookie: 'engram_ui=secret-key' }))?.status).toBe(401);
    expect(checkAccess(keyed, get({ host }, '/login'))).toBeUndefined();
    expect(checkAccess(keyed, get({ host }, '/assets/app.css'))).toBeUndefined();
  });
});
