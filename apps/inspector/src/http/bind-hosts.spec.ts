import type { NetworkInterfaceInfo } from 'node:os';
import { bindHosts, machineAddresses, urlHost } from './bind-hosts.js';
import { createLoginToken, LOGIN_TOKEN_TTL_MS } from './login-token.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  eth0: [iface('fe80::1', 'IPv6', false), iface('2001:db8::5', 'IPv6', false), iface('192.168.1.5', 'IPv4', false)],
};

describe('engram ui --host (issue 37)', () => {
  it('lists the machine\'s addresses, external IPv4 first, IPv6 bracketed, link-local left out', () => {
    expect(machineAddresses(interfaces)).toEqual(['192.168.1.5', '[2001:db8::5]', '127.0.0.1', '[::1]']);
  });

  it('accepts a wildcard bind\'s machine addresses and a bound IP as Host; a bound name must be configured', () => {
    const addresses = () => machineAddresses(interfaces);
    expect(bindHosts('0.0.0.0', addresses)).toEqual(['192.168.1.5', '[2001:db8::5]', '127.0.0.1', '[::1]']);
    expect(bindHosts('10.0.0.7', addresses)).toEqual(['10.0.0.7']);
    expect(bindHosts('::', addresses)).toHaveLength(4);
    expect(bindHosts('127.0.0.1', addresses)).toEqual([]);
    expect(bindHosts('my-box.lan', addresses)).toEqual([]);
  });

  it('prints the machine\'s address for a wildcard bind, never 0.0.0.0', () => {
    expect(urlHost('0.0.0.0', () => machineAddresses(interfaces))).toBe('192.168.1.5');
    expect(urlHost('0.0.0.0', () => [])).toBe('127.0.0.1');
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('my-box.lan')).toBe('my-box.lan');
  });

  it('the sign-in token works once, for the right value, within its time', () => {
    const t0 = 1_000_000;
    const token = createLoginToken(t0, 'abc-token-value');
    expect(token.redeem('wrong-token-value', t0)).toBe(false);
    expect(token.redeem('abc-token-value', t0 + 1000)).toBe(true);
    expect(token.redeem('abc-token-value', t0 + 2000)).toBe(false);
    const late = createLoginToken(t0, 'late-token');
    expect(late.redeem('late-token', t0 + LOGIN_TOKEN_TTL_MS + 1)).toBe(false);
    expect(createLoginToken().value).toMatch(/^[\w-]{32}$/);
  });
});
