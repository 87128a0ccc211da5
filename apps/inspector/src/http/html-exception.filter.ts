import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { errorPage } from '../views/layout.js';

/** HTTP status of a coded domain error: unknown ids 404, stale state 409, other refusals 400. */
export function statusOf(err: unknown): number {
  if (err instanceof HttpException) return err.getStatus();
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string') return 500;
  if (code.endsWith('NOT_FOUND')) return 404;
  if (code.endsWith('NOT_PENDING') || code === 'VERSION_CONFLICT') return 409;
  if (code === 'DATABASE_UNAVAILABLE') return 503;
  return 400;
}

/**
 * Every error becomes an HTML page with a plain message (never a stack trace). Coded domain
 * errors say what was wrong with the input; anything else is logged and shown as a generic 500.
 */
@Catch()
export class HtmlExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: (message: string) => void) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = statusOf(err);
    let message = err instanceof Error ? err.message : String(err);
    if (status === 404 && err instanceof HttpException) message = 'There is no page at this address.';
    if (status >= 500) {
      this.log(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      message = status === 503 ? 'The database is unavailable; try again shortly.' : 'Something went wrong on the server; the server log has the details.';
    }
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').send(errorPage(status, message));
  }
}
