import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { JsonLimitError } from '@engram/memory';
import type { FastifyReply } from 'fastify';
import { jsonRpcError } from './http-access.js';

/**
 * Every HTTP failure answers with a JSON-RPC error body, never a framework error page: an
 * oversized body is 413, malformed JSON a parse error (-32700), unknown routes 404.
 */
@Catch()
export class JsonRpcExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: (m: string) => void) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    const { status, code, message } = classify(err);
    if (status >= 500) this.log(`http error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    void reply.code(status).header('content-type', 'application/json').send(jsonRpcError(code, message));
  }
}

function classify(err: unknown): { status: number; code: number; message: string } {
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e?.statusCode === 413) {
    return { status: 413, code: -32600, message: 'Request body too large' };
  }
  if (err instanceof JsonLimitError) {
    // The body's shape or syntax, named (issue 36): JSON_TOO_DEEP, JSON_TOO_MANY_KEYS, JSON_FORBIDDEN_KEY, ...
    return { status: 400, code: err.code === 'JSON_INVALID' ? -32700 : -32600, message: err.message };
  }
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e?.statusCode === 415) {
    return { status: 415, code: -32600, message: 'Unsupported Content-Type: expected application/json' };
  }
  if (err instanceof SyntaxError || e?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: -32700, message: 'Parse error: invalid JSON body' };
  }
  if (err instanceof HttpException) {
    return { status: err.getStatus(), code: -32600, message: err.message };
  }
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, code: -32600, message: e.message ?? 'Bad Request' };
  }
  return { status: 500, code: -32603, message: 'Internal error' };
}
