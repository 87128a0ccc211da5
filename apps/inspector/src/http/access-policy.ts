import { createHash, timingSafeEqual } from 'node:crypto';

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
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

export function isLoopback(host: string): boolean {
  return LOOPBACK.includes(host);
}

function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

function header(req: AccessRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The cookie value for a key: a digest, so the key itself never sits in the browser's cookie jar. */
export function sessionToken(apiKey: string): string {
  return createHash('sha256').update(`engram-inspector:${apiKey}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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
  const m = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '');
  if (m) return { ok: safeEqual(m[1] as string, cfg.apiKey), viaBearer: true };
  const c = cookie(req, SESSION_COOKIE);
  return { ok: c !== undefined && safeEqual(c, sessionToken(cfg.apiKey)), viaBearer: false };
}

function originAllowed(cfg: AccessConfig, allowedHosts: readonly string[], origin: string): boolean {
  if (cfg.allowedOrigins.includes(origin) || cfg.allowedOrigins.includes('*')) return true;
  const hostname = hostnameOf(origin.replace(/^[a-z]+:\/\//i, ''));
  return hostname !== undefined && allowedHosts.includes(hostname);
}

/** Paths served without the key: the login form and the static assets it needs (no data in them). */
function isPublic(path: string): boolean {
  return path === '/login' || path.startsWith('/assets/');
}

/**
 * DNS-rebinding protection, CSRF protection and auth, like the MCP server's HTTP transport: on a
 * loopback bind only localhost names are accepted as Host (else the configured allowed hosts);
 * a browser's Origin must be one of them; a state-changing request from a browser must carry an
 * Origin (forms always do); every page but /login and /assets needs the key when one is set.
 */
export function checkAccess(cfg: AccessConfig, req: AccessRequest): AccessDenial | undefined {
  const allowedHosts = cfg.allowedHosts.length > 0 ? cfg.allowedHosts : isLoopback(cfg.host) ? LOOPBACK : [];
  const hostHeader = header(req, 'host');
  if (allowedHosts.length > 0) {
    const hostname = hostHeader ? hostnameOf(hostHeader) : undefined;
    if (!hostname || !allowedHosts.includes(hostname)) return { status: 403, message: `Host not allowed: ${hostHeader ?? '(missing)'}` };
  }
  const origin = header(req, 'origin');
  if (origin !== undefined && !originAllowed(cfg, allowedHosts, origin)) return { status: 403, message: `Origin not allowed: ${origin}` };
  const auth = authenticated(cfg, req);
  if (req.method !== 'GET' && req.method !== 'HEAD' && origin === undefined && !auth.viaBearer) {
    return { status: 403, message: 'A form post must come from an inspector page (no Origin header)' };
  }
  if (!auth.ok && !isPublic(req.path)) return { status: 401, message: auth.viaBearer ? 'Invalid API key' : 'This inspector needs the API key' };
  return undefined;
}

/** Refuses to expose the memory store beyond this machine without an API key. */
export function assertSafeBinding(cfg: AccessConfig): void {
  if (!isLoopback(cfg.host) && !cfg.apiKey) {
    throw new Error(`refusing to listen on ${cfg.host} without an API key: set ENGRAM_API_KEY (or bind 127.0.0.1)`);
  }
}
