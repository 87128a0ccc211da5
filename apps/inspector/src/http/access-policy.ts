import { createHash } from 'node:crypto';
import { bearerOf, hostOriginProblem, safeEqual } from '@engram/agents';

/** HTTP exposure settings (from EngramConfig.http; the port is the inspector's own). */
export interface AccessConfig {
  host: string;
  apiKey?: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}

/** What a request looks like to the access policy. */
export interface AccessRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A refusal: 401 (no or wrong key) or 403 (foreign Host / Origin, cross-site form). */
export interface AccessDenial {
  status: 401 | 403;
  message: string;
}

export const SESSION_COOKIE = 'engram_ui';

function header(req: AccessRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The cookie value for a key: a digest, so the key itself never sits in the browser's cookie jar. */
export function sessionToken(apiKey: string): string {
  return createHash('sha256').update(`engram-inspector:${apiKey}`).digest('base64url');
}

function cookie(req: AccessRequest, name: string): string | undefined {
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** Whether the request carries the key: `Authorization: Bearer <key>` or the session cookie set by /login. */
export function authenticated(cfg: AccessConfig, req: AccessRequest): { ok: boolean; viaBearer: boolean } {
  if (!cfg.apiKey) return { ok: true, viaBearer: false };
  const token = bearerOf(header(req, 'authorization'));
  if (token !== undefined) return { ok: safeEqual(token, cfg.apiKey), viaBearer: true };
  const c = cookie(req, SESSION_COOKIE);
  return { ok: c !== undefined && safeEqual(c, sessionToken(cfg.apiKey)), viaBearer: false };
}

/** Paths served without the key: the login form and the static assets it needs (no data in them). */
function isPublic(path: string): boolean {
  return path === '/login' || path.startsWith('/assets/');
}

/**
 * DNS-rebinding protection, CSRF protection and auth: the Host and Origin rules every HTTP app shares
 * (`hostOriginProblem`: on a loopback bind only localhost names as Host, else the configured allowed
 * hosts; a browser's Origin must be one of them); a state-changing request from a browser must carry an
 * Origin (forms always do); every page but /login and /assets needs the key when one is set.
 */
export function checkAccess(cfg: AccessConfig, req: AccessRequest): AccessDenial | undefined {
  const origin = header(req, 'origin');
  const problem = hostOriginProblem(cfg, header(req, 'host'), origin);
  if (problem) return { status: 403, message: problem };
  const auth = authenticated(cfg, req);
  if (req.method !== 'GET' && req.method !== 'HEAD' && origin === undefined && !auth.viaBearer) {
    return { status: 403, message: 'A form post must come from an inspector page (no Origin header)' };
  }
  if (!auth.ok && !isPublic(req.path)) return { status: 401, message: auth.viaBearer ? 'Invalid API key' : 'This inspector needs the API key' };
  return undefined;
}
