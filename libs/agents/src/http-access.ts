/*
 * The loopback / Host / Origin rules every engram HTTP app applies (the MCP server, the A2A server,
 * the web inspector), in one place so they cannot drift (issue 38). DNS-rebinding protection after the
 * MCP SDK's `hostHeaderValidation`: on a loopback bind only localhost names are accepted as Host, else
 * the configured allowed hosts (none configured: any); a browser's Origin must name an accepted host
 * or be listed. Plain functions over header values: each app wraps them in its framework and error shape.
 */
import { timingSafeEqual } from 'node:crypto';

/** The names of this machine a loopback bind answers to. */
const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** Whether a bind address (or a host name) is this machine only. */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.includes(host);
}

/** The host name of a Host header (`name:port`) or of a URL (`scheme://name:port/...`); undefined when it has none. */
export function hostnameOf(value: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/** Which Host and Origin headers an app answers. */
export interface HostOriginPolicy {
  /** The bind address. */
  host: string;
  /** ENGRAM_ALLOWED_HOSTS; empty: loopback names on a loopback bind, any host otherwise. */
  allowedHosts: readonly string[];
  /** ENGRAM_ALLOWED_ORIGINS (`*` for any). */
  allowedOrigins: readonly string[];
  /** Host names accepted besides those (the A2A card's public URL: the name callers were told). */
  alsoAllowed?: readonly string[];
  /** When any Host is accepted: let a browser Origin through if it names the Host it sent (same origin). */
  sameHostOrigin?: boolean;
}

/** The host names accepted in Host and Origin; empty means any Host. */
export function allowedHostnames(policy: HostOriginPolicy): string[] {
  const base = policy.allowedHosts.length > 0 ? [...policy.allowedHosts] : isLoopback(policy.host) ? [...LOOPBACK_NAMES] : [];
  return base.length > 0 ? [...base, ...(policy.alsoAllowed ?? [])] : base;
}

/** Why a request's Host or Origin is refused (answer 403), or undefined when both are accepted. */
export function hostOriginProblem(policy: HostOriginPolicy, host: string | undefined, origin: string | undefined): string | undefined {
  const names = allowedHostnames(policy);
  if (names.length > 0) {
    const name = host ? hostnameOf(host) : undefined;
    if (!name || !names.includes(name)) return `Invalid Host header: ${host ?? '(missing)'}`;
  }
  if (origin === undefined || policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(origin)) return undefined;
  const originName = hostnameOf(origin);
  const sameHost = policy.sameHostOrigin === true && originName === hostnameOf(host ?? '');
  const ok = originName !== undefined && (names.length === 0 ? sameHost : names.includes(originName));
  return ok ? undefined : `Origin not allowed: ${origin}`;
}

/** The token of an `Authorization: Bearer <token>` header, else undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
}

/** Compares two secrets in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses to expose the memory store beyond this machine without an API key. */
export function assertSafeBinding(cfg: { host: string; apiKey?: string | undefined }): void {
  if (!isLoopback(cfg.host) && !cfg.apiKey) {
    throw new Error(`refusing to listen on ${cfg.host} without an API key: set ENGRAM_API_KEY (or bind 127.0.0.1)`);
  }
}
