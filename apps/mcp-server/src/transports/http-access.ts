import { bearerOf, hostOriginProblem, safeEqual } from '@engram/agents';

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

/**
 * DNS-rebinding protection and auth, mirroring the MCP SDK's `hostHeaderValidation` /
 * `createMcpExpressApp`: the Host and Origin rules every HTTP app shares (`hostOriginProblem`), then a
 * configured API key is required as `Authorization: Bearer <key>`.
 */
export function checkAccess(cfg: HttpAccessConfig, headers: Record<string, string | string[] | undefined>): AccessDenial | undefined {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const problem = hostOriginProblem(cfg, header('host'), header('origin'));
  if (problem) return { status: 403, message: problem };
  if (cfg.apiKey) {
    const token = bearerOf(header('authorization'));
    if (token === undefined || !safeEqual(token, cfg.apiKey)) return { status: 401, message: token !== undefined ? 'Invalid API key' : 'Missing Bearer API key' };
  }
  return undefined;
}

/** A JSON-RPC error body (the MCP transport's error shape; never an HTML page). */
export function jsonRpcError(code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
