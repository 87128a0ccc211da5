/*
 * @engram/runtime: the composition of the memory core for long-running apps (ADR-0007).
 * Any new export added here becomes public API. Only an app's composition root imports it.
 * `composeCore` builds the core once for every app (servers and CLI); `startBackground` is for servers only.
 */
export { composeCore } from './compose-core.js';
export type { Core, CoreLifecycle, CoreOptions } from './compose-core.js';
export { startBackground } from './background.js';
export type { Background, BackgroundOptions } from './background.js';
export { composeRuntime } from './compose-runtime.js';
export { runtimeProviders } from './runtime-providers.js';
export type { RuntimeProvider, RuntimeProviders, RuntimeTokens } from './runtime-providers.js';
export type { ErrorCode, ErrorMapping } from './error-catalogue.js';
export type { ComposeOptions, MemoryRuntime } from './compose-runtime.js';
export type { HealthProbe, HealthReport, Runtime } from './health-report.js';
export type { KeyVerifier } from './identity.js';
export { loadServerConfig } from './server-config.js';
export type { ServerConfigFlags } from './server-config.js';
export { createMetricsExporter } from './metrics/lifecycle-metrics.js';
export type { MetricsExporter } from './metrics/lifecycle-metrics.js';
export { DEFAULT_SWEEP_SCHEDULES, registerSweepJobs, sweepJobName } from './sweep-jobs.js';
export type { SweepJobOptions } from './sweep-jobs.js';
export { composeGates } from './compose-gates.js';
export type { Gates } from './compose-gates.js';
export { librarianSocketOf, startLibrarian } from './librarian-runtime.js';
export type { LibrarianRuntime } from './librarian-runtime.js';
