import { hostnameOf, hostOriginProblem, type HostOriginPolicy } from '@engram/agents';
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

/** The shared rules (`hostOriginProblem`) with the card's public host name accepted too, and a same-host Origin when any Host is. */
function sharedPolicy(policy: HostPolicy): HostOriginPolicy {
  const pub = hostnameOf(policy.publicUrl);
  return { ...policy, alsoAllowed: pub ? [pub] : [], sameHostOrigin: true };
}

/** Why a request's Host or Origin is refused (DNS-rebinding protection), or undefined. */
export function hostProblem(policy: HostPolicy, host: string | undefined, origin: string | undefined): string | undefined {
  return hostOriginProblem(sharedPolicy(policy), host, origin);
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
