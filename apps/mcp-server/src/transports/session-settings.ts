/**
 * Streamable HTTP session limits and mode (issue 18), from the environment:
 * - `ENGRAM_MCP_SESSION_IDLE_SECONDS` (default 1800): a session without a request for this long is
 *   closed (its client gets 404 and initializes again, as the MCP spec prescribes);
 * - `ENGRAM_MCP_MAX_SESSIONS` (default 1000): at the cap, a new session evicts the least recently used;
 * - `ENGRAM_MCP_STATELESS=1`: no sessions at all; every POST is served on its own, so any number of
 *   replicas behind any load balancer serve one client (GET/DELETE on /mcp are then 405).
 */
export interface SessionSettings {
  idleSeconds: number;
  maxSessions: number;
  stateless: boolean;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleSeconds: 1800, maxSessions: 1000, stateless: false };

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return Number(raw);
}

export function sessionSettingsFromEnv(env: NodeJS.ProcessEnv): SessionSettings {
  const stateless = env.ENGRAM_MCP_STATELESS;
  if (stateless !== undefined && !['', '0', '1', 'true', 'false'].includes(stateless)) throw new Error(`ENGRAM_MCP_STATELESS must be 1 or 0 (got "${stateless}")`);
  return {
    idleSeconds: positiveInt(env, 'ENGRAM_MCP_SESSION_IDLE_SECONDS', DEFAULT_SESSION_SETTINGS.idleSeconds),
    maxSessions: positiveInt(env, 'ENGRAM_MCP_MAX_SESSIONS', DEFAULT_SESSION_SETTINGS.maxSessions),
    stateless: stateless === '1' || stateless === 'true',
  };
}
