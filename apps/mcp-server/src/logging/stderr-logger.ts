import type { LoggerService } from '@nestjs/common';

/*
 * Nest's ConsoleLogger writes info to stdout, which in stdio mode would corrupt the JSON-RPC stream
 * (CONVENTIONS C11, §3.12). Every log line of this app goes to stderr.
 */
export class StderrLogger implements LoggerService {
  constructor(private readonly showDebug = false) {}

  private write(level: string, message: unknown, context: unknown[]): void {
    const ctx = context.length > 0 && typeof context[context.length - 1] === 'string' ? ` [${String(context[context.length - 1])}]` : '';
    const text = message instanceof Error ? (message.stack ?? message.message) : typeof message === 'string' ? message : JSON.stringify(message);
    process.stderr.write(`${new Date().toISOString()} ${level}${ctx} ${text}\n`);
  }

  log(message: unknown, ...context: unknown[]): void { this.write('info', message, context); }
  error(message: unknown, ...context: unknown[]): void { this.write('error', message, context); }
  warn(message: unknown, ...context: unknown[]): void { this.write('warn', message, context); }
  debug(message: unknown, ...context: unknown[]): void { if (this.showDebug) this.write('debug', message, context); }
  verbose(message: unknown, ...context: unknown[]): void { if (this.showDebug) this.write('verbose', message, context); }
}
