import { timingSafeEqual } from 'node:crypto';

/** HTTP exposure settings (from EngramConfig.http). */
export interface HttpAccessConfig {
  host: string;
  port: number;
  apiKey?: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
  maxBodyBytes: number;
}

/** Why a request is refused: HTTP status + message for a JSON-RPC error body. */
export interface AccessDenial {
  status: 401 | 403;
  message: string;
}

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

/**
 * DNS-rebinding protection and auth, mirroring the MCP SDK's `hostHeaderValidation` /
 * `createMcpExpressApp`: on a loopback bind only localhost names are accepted; otherwise the
 * configured allowed hosts (if any). Browsers' Origin must be allowed too. A configured API key
 * is required as `Authorization: Bearer <key>`.
 */
export function checkAccess(cfg: HttpAccessConfig, headers: Record<string, string | string[] | undefined>): AccessDenial | undefined {
  const allowedHosts = cfg.allowedHosts.length > 0 ? cfg.allowedHosts : isLoopback(cfg.host) ? LOOPBACK : [];
  const hostHeader = typeof headers.host === 'string' ? headers.host : undefined;
  if (allowedHosts.length > 0) {
    const hostname = hostHeader ? hostnameOf(hostHeader) : undefined;
    if (!hostname || !allowedHosts.includes(hostname)) return { status: 403, message: `Invalid Host header: ${hostHeader ?? '(missing)'}` };
  }
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin !== undefined && !originAllowed(cfg, allowedHosts, origin)) return { status: 403, message: `Origin not allowed: ${origin}` };
  if (cfg.apiKey) {
    const auth = typeof headers.authorization === 'string' ? headers.authorization : '';
    const m = /^Bearer\s+(.+)$/i.exec(auth);
    if (!m || !safeEqual(m[1] as string, cfg.apiKey)) return { status: 401, message: m ? 'Invalid API key' : 'Missing Bearer API key' };
  }
  return undefined;
}

function originAllowed(cfg: HttpAccessConfig, allowedHosts: readonly string[], origin: string): boolean {
  if (cfg.allowedOrigins.includes(origin) || cfg.allowedOrigins.includes('*')) return true;
  const hostname = hostnameOf(origin.replace(/^[a-z]+:\/\//i, ''));
  return hostname !== undefined && allowedHosts.includes(hostname);
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Refuses to expose the memory store beyond this machine without an API key. */
export function assertSafeBinding(cfg: HttpAccessConfig): void {
  if (!isLoopback(cfg.host) && !cfg.apiKey) {
    throw new Error(`refusing to listen on ${cfg.host} without an API key: set ENGRAM_API_KEY (or bind 127.0.0.1)`);
  }
}

/** A JSON-RPC error body (the MCP transport's error shape; never an HTML page). */
export function jsonRpcError(code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
