import { Controller, Delete, Get, Inject, Post, Req, Res, type OnApplicationShutdown } from '@nestjs/common';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HealthProbe, MetricsExporter } from '@engram/runtime';
import { HEALTH_PROBE, METRICS } from '../tokens.js';
import { sessionScopeFromHeaders } from '../session-scope.js';
import { checkAccess, jsonRpcError, type HttpAccessConfig } from './http-access.js';
import type { SessionRegistry } from './session-registry.js';

export const HTTP_ACCESS = Symbol('engram.http-access');
export const SESSIONS = Symbol('engram.sessions');

/** Streamable HTTP at /mcp (POST/GET/DELETE), /health, and /metrics (Prometheus). Transport logic stays in the SDK. */
@Controller()
export class StreamableHttpController implements OnApplicationShutdown {
  constructor(
    @Inject(HTTP_ACCESS) private readonly access: HttpAccessConfig,
    @Inject(SESSIONS) private readonly sessions: SessionRegistry,
    @Inject(HEALTH_PROBE) private readonly health: HealthProbe,
    @Inject(METRICS) private readonly metrics: MetricsExporter,
  ) {}

  /** Prometheus text exposition; guarded like /mcp (host check, Bearer key when configured): it reveals memory counts. */
  @Get('metrics')
  async metricsText(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.deny(req, reply)) return;
    const text = await this.metrics.render();
    await reply.code(200).header('content-type', this.metrics.contentType).send(text);
  }

  /** Liveness (`{ status }`) for anyone, e.g. a load balancer with its own Host; the full report only past the /mcp checks (Host, key). */
  @Get('health')
  async healthCheck(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.report();
    const full = checkAccess(this.access, req.headers) === undefined;
    await reply.code(report.status === 'down' ? 503 : 200).send(full ? report : { status: report.status });
  }

  @Post('mcp')
  async post(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.deny(req, reply)) return;
    const id = sessionIdOf(req);
    if (id !== undefined) return this.forward(id, req, reply);
    if (!isInitializeRequest(req.body)) {
      await reply.code(400).send(jsonRpcError(-32000, 'Bad Request: no Mcp-Session-Id header and not an initialize request'));
      return;
    }
    const project = sessionScopeFromHeaders(req.headers, this.sessions.defaultScope);
    if ('problem' in project) {
      await reply.code(400).send(jsonRpcError(-32602, project.problem));
      return;
    }
    const transport = await this.sessions.open(project.scope);
    reply.hijack();
    await transport.handleRequest(req.raw, reply.raw, req.body);
  }

  @Get('mcp')
  async stream(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.deny(req, reply)) return;
    return this.forward(sessionIdOf(req), req, reply);
  }

  @Delete('mcp')
  async remove(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (this.deny(req, reply)) return;
    return this.forward(sessionIdOf(req), req, reply);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sessions.closeAll();
  }

  private deny(req: FastifyRequest, reply: FastifyReply): boolean {
    const denial = checkAccess(this.access, req.headers);
    if (!denial) return false;
    if (denial.status === 401) void reply.header('WWW-Authenticate', 'Bearer realm="engram"');
    void reply.code(denial.status).send(jsonRpcError(-32001, denial.message));
    return true;
  }

  private async forward(id: string | undefined, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (id === undefined) {
      await reply.code(400).send(jsonRpcError(-32000, 'Bad Request: Mcp-Session-Id header is required'));
      return;
    }
    const transport = this.sessions.get(id);
    if (!transport) {
      await reply.code(404).send(jsonRpcError(-32001, `Session not found: ${id}`));
      return;
    }
    reply.hijack();
    await transport.handleRequest(req.raw, reply.raw, req.body);
  }
}

function sessionIdOf(req: FastifyRequest): string | undefined {
  const value = req.headers['mcp-session-id'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
