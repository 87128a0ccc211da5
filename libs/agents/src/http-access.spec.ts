import { allowedHostnames, assertSafeBinding, bearerOf, hostnameOf, hostOriginProblem, isLoopback, safeEqual, type HostOriginPolicy } from './http-access.js';

const loopback: HostOriginPolicy = { host: '127.0.0.1', allowedHosts: [], allowedOrigins: [] };
const publicBind: HostOriginPolicy = { host: '0.0.0.0', allowedHosts: [], allowedOrigins: [] };

describe('the HTTP apps\' shared Host / Origin rules', () => {
  it('knows loopback binds and reads host names from Host headers and URLs', () => {
    expect(['localhost', '127.0.0.1', '::1', '[::1]'].every(isLoopback)).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
    expect(hostnameOf('localhost:7431')).toBe('localhost');
    expect(hostnameOf('https://Engram.Example:8443/a2a')).toBe('engram.example');
    expect(hostnameOf('[::1]:7431')).toBe('[::1]');
    expect(hostnameOf('bad host:x')).toBeUndefined();
  });

  it('on a loopback bind accepts only localhost names as Host (DNS rebinding)', () => {
    expect(hostOriginProblem(loopback, '127.0.0.1:7431', undefined)).toBeUndefined();
    expect(hostOriginProblem(loopback, 'localhost', undefined)).toBeUndefined();
    expect(hostOriginProblem(loopback, 'evil.example:7431', undefined)).toBe('Invalid Host header: evil.example:7431');
    expect(hostOriginProblem(loopback, undefined, undefined)).toBe('Invalid Host header: (missing)');
  });

  it('accepts the configured hosts instead, and extra names only where names are checked', () => {
    const listed = { ...publicBind, allowedHosts: ['engram.example'] };
    expect(hostOriginProblem(listed, 'engram.example', undefined)).toBeUndefined();
    expect(hostOriginProblem(listed, 'localhost', undefined)).toBe('Invalid Host header: localhost');
    expect(allowedHostnames({ ...listed, alsoAllowed: ['card.example'] })).toEqual(['engram.example', 'card.example']);
    expect(allowedHostnames({ ...publicBind, alsoAllowed: ['card.example'] })).toEqual([]);
    expect(hostOriginProblem(publicBind, 'anything.example', undefined)).toBeUndefined();
  });

  it('lets a browser Origin through only when it names an accepted host or is listed', () => {
    expect(hostOriginProblem(loopback, 'localhost', 'http://localhost:3000')).toBeUndefined();
    expect(hostOriginProblem(loopback, 'localhost', 'https://evil.example')).toBe('Origin not allowed: https://evil.example');
    expect(hostOriginProblem({ ...loopback, allowedOrigins: ['https://app.example'] }, 'localhost', 'https://app.example')).toBeUndefined();
    expect(hostOriginProblem({ ...loopback, allowedOrigins: ['*'] }, 'localhost', 'https://evil.example')).toBeUndefined();
  });

  it('when any Host is accepted, an Origin passes only if the app allows a same-host Origin and it names that Host', () => {
    expect(hostOriginProblem(publicBind, 'engram.example', 'https://engram.example')).toBe('Origin not allowed: https://engram.example');
    const sameHost = { ...publicBind, sameHostOrigin: true };
    expect(hostOriginProblem(sameHost, 'engram.example:443', 'https://engram.example')).toBeUndefined();
    expect(hostOriginProblem(sameHost, 'engram.example', 'https://evil.example')).toBe('Origin not allowed: https://evil.example');
  });

  it('reads Bearer tokens, compares secrets and refuses a public bind without a key', () => {
    expect(bearerOf('Bearer abc')).toBe('abc');
    expect(bearerOf('bearer  abc')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeUndefined();
    expect(bearerOf(undefined)).toBeUndefined();
    expect(safeEqual('s3cret', 's3cret')).toBe(true);
    expect(safeEqual('s3cret', 's3creT')).toBe(false);
    expect(safeEqual('s3cret', 's3cret!')).toBe(false);
    expect(() => assertSafeBinding({ host: '0.0.0.0' })).toThrow('refusing to listen on 0.0.0.0 without an API key');
    expect(() => assertSafeBinding({ host: '0.0.0.0', apiKey: 'k' })).not.toThrow();
    expect(() => assertSafeBinding({ host: '127.0.0.1' })).not.toThrow();
  });
});
