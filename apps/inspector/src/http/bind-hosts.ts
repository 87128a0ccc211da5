import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { isLoopback } from '@engram/agents';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

const bracket = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** This machine's interface addresses (IPv4 first), as Host names: bracketed IPv6. */
export function machineAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const all = Object.values(interfaces).flatMap((list) => list ?? []).filter((i) => !i.address.startsWith('fe80'));
  all.sort((a, b) => Number(a.internal) - Number(b.internal) || (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1));
  return [...new Set(all.map((i) => bracket(i.address)))];
}

/**
 * The Host values a bind adds to ENGRAM_ALLOWED_HOSTS (issue 37: with `--host 0.0.0.0` the printed
 * URL and the machine's own address answered 403). An IP literal cannot be a DNS-rebinding name,
 * so the bound address, or for a wildcard bind every address of this machine, is accepted; a
 * host NAME still has to be listed in ENGRAM_ALLOWED_HOSTS.
 */
export function bindHosts(host: string, addresses: () => string[] = machineAddresses): string[] {
  if (isLoopback(host)) return [];
  if (WILDCARDS.has(host)) return addresses();
  return /^[\d.]+$|:/.test(host) ? [bracket(host.replace(/^\[|\]$/g, ''))] : [];
}

/** The host of the URL to print: the bound one, or for a wildcard bind the machine's first external address. */
export function urlHost(host: string, addresses: () => string[] = machineAddresses): string {
  if (!WILDCARDS.has(host)) return bracket(host.replace(/^\[|\]$/g, ''));
  return addresses()[0] ?? '127.0.0.1';
}
