/*
 * @engram/librarian: the write gate. Every durable memory write goes through `Gate.submit`
 * (Layer 1 hard constraints, Layer 2 decision, policy, queue, audit) — FR-05, ADR-012.
 */
export { actorMayWrite } from './actor.js';
export { gateThroughput, searchGateAudit } from './audit-log.query.js';
export type { GateAuditFilter, GateThroughputDay } from './audit-log.query.js';
export type { Actor } from './actor.js';
export type { GateDatabase } from './database-schema.js';
export {
  GateRequestNotFoundError, GateRequestNotPendingError, InvalidPolicyError, LibrarianError, LibrarianFailedError, LibrarianUnavailableError,
} from './errors.js';
export type { LibrarianErrorCode } from './errors.js';
export type { GateAuditEntry, GateDecision, GateOutcome, GateOutcomeStatus, GateRequest, StoredPayload } from './gate-outcome.js';
export type { GateRequestFilter } from './gate-request.repository.js';
export { createGate } from './gate.service.js';
export type { Gate, GateOptions } from './gate.service.js';
export { DEFAULT_LIMITS, rateLimitFrom } from './hard-constraints.js';
export type { GateLimits, Layer1Code } from './hard-constraints.js';
export { DEFAULT_POLICY, evaluatePolicy } from './policy.js';
export type { GatePolicy, PolicyAction, PolicyContext, PolicyRule, PolicyVerdict, RuleMatch } from './policy.js';
export { loadPolicy, policyFromObject } from './policy-loader.js';
export type { RateLimit, LimitOf, ActorLimitSetting } from './rate-limiter.js';
export { RateLimiter, actorLimits, BULK_ACTORS } from './rate-limiter.js';
export { SharedRateLimiter, type SharedRateLimiterOptions } from './shared-rate-limiter.js';
export { redactText, scanValue } from './secret-scanner.js';
export type { Detection, DetectionClass, RedactionRules } from './secret-scanner.js';
export type { GateRequestStatus } from './tables/gate-requests.table.js';
export type { GateAuditTable } from './tables/gate-audit.table.js';
export type { GateRequestsTable } from './tables/gate-requests.table.js';
export { LINK_KINDS, MAX_LINKS, parseWriteRequest, writeRequestSchema } from './write-request.js';
export type { CreateInput, ImportedVersionInput, LinkInput, WriteOperation, WriteRequest, WriteRequestInput } from './write-request.js';
export { startLibrarianServer } from './remote/librarian-server.js';
export type { LibrarianServer, LibrarianServerOptions } from './remote/librarian-server.js';
export { createRemoteGate } from './remote/remote-gate.js';
export type { RemoteGate, RemoteGateOptions } from './remote/remote-gate.js';
export type { LibrarianAddress } from './remote/socket-client.js';
export { keyProblem as librarianKeyProblem } from './remote/socket-key.js';
export { GATE_NAMES, type GateName } from './remote/wire.js';
