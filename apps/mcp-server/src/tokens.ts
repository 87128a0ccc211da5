/** DI tokens (Symbols: the providers are interfaces, not classes). */
export const CONFIG = Symbol('engram.config');
export const MEMORY_SERVICE = Symbol('engram.memory-service');
export const HEALTH_PROBE = Symbol('engram.health-probe');
export const RUNTIME = Symbol('engram.runtime');
export const SERVER_OPTIONS = Symbol('engram.mcp-server-options');
export const METRICS = Symbol('engram.metrics');
/** API key verification (ADR-0027). */
export const KEYS = Symbol('engram.keys');
