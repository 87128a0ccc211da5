import type { RequestHandler } from 'express';
import { INVALID_REQUEST, sendProtocolError } from './protocol-errors.js';

/** Which Host and Origin headers the A2A server answers (the MCP server's rules, ADR-0008 / issue 18). */
export interface HostPolicy {
  /** The bind address. */
  host: string;
  /** ENGRAM_ALLOWED_HOSTS; empty: loopback names on a loopback bind, any host otherwise. */
  allowedHosts: readonly string[];
  /** ENGRAM_ALLOWED_ORIGINS (`*` for any). */
  allowedOrigins: readonly string[];
  /** The card's public URL: its host name is always allowed (the name callers were told). */
  publicUrl: string;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/** The host names accepted in Host and Origin; empty means any. */
export function allowedHostnames(policy: HostPolicy): string[] {
  const base = policy.allowedHosts.length > 0 ? [...policy.allowedHosts] : LOOPBACK.includes(policy.host) ? [...LOOPBACK] : [];
  const pub = hostnameOf(policy.publicUrl);
  return base.length > 0 && pub ? [...base, pub] : base;
}

/** Why a request's Host or Origin is refused (DNS-rebinding protection), or undefined. */
export function hostProblem(policy: HostPolicy, host: string | undefined, origin: string | undefined): string | undefined {
  const names = allowedHostnames(policy);
  if (names.length > 0) {
    const name = host ? hostnameOf(host) : undefined;
    if (!name || !names.includes(name)) return `Invalid Host header: ${host ?? '(missing)'}`;
  }
  if (origin === undefined || policy.allowedOrigins.includes('*') || policy.allowedOrigins.includes(origin)) return undefined;
  const originName = hostnameOf(origin);
  const ok = originName !== undefined && (names.length === 0 ? originName === hostnameOf(host ?? '') : names.includes(originName));
  return ok ? undefined : `Origin not allowed: ${origin}`;
}

/**
 * 403 for a foreign Host or Origin on every path but /health (load balancers probe with their own
 * Host; /health answers them liveness only), in the binding's error shape.
 */
export function checkHostAndOrigin(policy: HostPolicy, restPrefix: string): RequestHandler {
  return (req, res, next) => {
    if (req.path === '/health') return next();
    const problem = hostProblem(policy, req.header('host'), req.header('origin'));
    if (!problem) return next();
    sendProtocolError(res, req.originalUrl.startsWith(restPrefix) || !req.originalUrl.startsWith('/a2a/') ? 'rest' : 'jsonrpc', 403, INVALID_REQUEST, problem);
  };
}
