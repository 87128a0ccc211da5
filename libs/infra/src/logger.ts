/*
 * Named subsystem loggers (CONVENTIONS C15). Everything goes to STDERR: the MCP stdio transport
 * owns stdout, and a single stray line there corrupts the JSON-RPC stream.
 */

/** Severity threshold; `silent` mutes everything. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** The order of severities, lowest first. */
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** A logger for one subsystem. `fields` are appended as JSON; never pass secrets. */
export interface Logger {
  readonly subsystem: string;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Where log lines go; stderr unless a test or an app redirects it. */
export type LogSink = (line: string) => void;

const state: { level: LogLevel; sink: LogSink } = {
  level: 'info',
  sink: (line) => process.stderr.write(`${line}\n`),
};

/** Sets the process-wide threshold (from `EngramConfig.logLevel`) and optionally the sink. */
export function configureLogging(opts: { level?: LogLevel; sink?: LogSink }): void {
  if (opts.level) state.level = opts.level;
  if (opts.sink) state.sink = opts.sink;
}

function enabled(level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(state.level) && state.level !== 'silent';
}

function format(level: LogLevel, subsystem: string, message: string, fields?: Record<string, unknown>): string {
  const tail = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : '';
  return `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} [${subsystem}] ${message}${tail}`;
}

function safeJson(fields: Record<string, unknown>): string {
  try {
    return JSON.stringify(fields, (_k, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message } : v));
  } catch {
    return '{"fields":"<unserializable>"}';
  }
}

/** A logger for `subsystem` that honours the current level at every call. */
export function getLogger(subsystem: string): Logger {
  const at = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (enabled(level)) state.sink(format(level, subsystem, message, fields));
  };
  return { subsystem, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Database connections, migrations, the embedded lock and socket. */
export const dbLogger = getLogger('db');
/** The job queue. */
export const jobsLogger = getLogger('jobs');
/** Configuration loading. */
export const configLogger = getLogger('config');
