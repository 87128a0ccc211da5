/** DI tokens (Symbols: the providers are interfaces, not classes). */
export const MEMORY_SERVICE = Symbol('engram.memory-service');
export const HEALTH_PROBE = Symbol('engram.health-probe');
export const RUNTIME = Symbol('engram.runtime');
export const TASK_STORE = Symbol('engram.a2a-task-store');
export const REQUEST_HANDLER = Symbol('engram.a2a-request-handler');
export const A2A_SETTINGS = Symbol('engram.a2a-settings');
export const AGENT_CARD = Symbol('engram.a2a-agent-card');
export const METRICS = Symbol('engram.metrics');
/** API key verification (ADR-0027). */
export const KEYS = Symbol('engram.keys');
