import { Controller, Delete, Get, Inject, Post, Req, Res, type OnApplicationShutdown } from '@nestjs/common';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HealthProbe, KeyVerifier, MetricsExporter } from '@engram/runtime';
import type { CallerIdentity } from '../identity/caller-identity.js';
import { HEALTH_PROBE, KEYS, METRICS } from '../tokens.js';
import { sessionScopeFromHeaders } from '../session-scope.js';
import { authenticate } from './authenticate.js';
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
    @Inject(KEYS) private readonly keys: KeyVerifier,
  ) {}

  /** Prometheus text exposition; guarded like /mcp (host check, Bearer key when configured): it reveals memory counts. */
  @Get('metrics')
  async metricsText(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!(await this.identify(req, reply))) return;
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
    const identity = await this.identify(req, reply);
    if (!identity) return;
    if (this.sessions.settings.stateless) return this.serveStateless(identity, req, reply);
    const id = sessionIdOf(req);
    if (id !== undefined) return this.forward(id, identity, req, reply);
    if (!isInitializeRequest(req.body)) {
      await reply.code(400).send(jsonRpcError(-32000, 'Bad Request: no Mcp-Session-Id header and not an initialize request'));
      return;
    }
    const project = sessionScopeFromHeaders(req.headers, this.sessions.defaultScope);
    if ('problem' in project) {
      await reply.code(400).send(jsonRpcError(-32602, project.problem));
      return;
    }
    const transport = await this.sessions.open(identity, project.scope);
    reply.hijack();
    await transport.handleRequest(req.raw, reply.raw, req.body);
  }

  @Get('mcp')
  async stream(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.refuseStateless(reply)) return;
    const identity = await this.identify(req, reply);
    if (identity) await this.forward(sessionIdOf(req), identity, req, reply);
  }

  @Delete('mcp')
  async remove(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.refuseStateless(reply)) return;
    const identity = await this.identify(req, reply);
    if (identity) await this.forward(sessionIdOf(req), identity, req, reply);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sessions.closeAll();
  }

  /** Stateless mode (ENGRAM_MCP_STATELESS): each POST on a server of its own, so any replica answers it. */
  private async serveStateless(identity: CallerIdentity, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const project = sessionScopeFromHeaders(req.headers, this.sessions.defaultScope);
    if ('problem' in project) {
      await reply.code(400).send(jsonRpcError(-32602, project.problem));
      return;
    }
    const { transport, close } = await this.sessions.openStateless(identity, project.scope);
    reply.hijack();
    reply.raw.on('close', close);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  }

  /** No sessions, hence no server-sent stream to GET and nothing to DELETE (MCP: 405). */
  private async refuseStateless(reply: FastifyReply): Promise<boolean> {
    if (!this.sessions.settings.stateless) return false;
    await reply.code(405).header('Allow', 'POST').send(jsonRpcError(-32000, 'Method not allowed: this server is stateless (ENGRAM_MCP_STATELESS)'));
    return true;
  }

  /** The caller's identity (ADR-0027), or undefined after answering 401/403. */
  private async identify(req: FastifyRequest, reply: FastifyReply): Promise<CallerIdentity | undefined> {
    const result = await authenticate(this.access, this.keys, req.headers);
    if ('identity' in result) return result.identity;
    const { denial } = result;
    if (denial.status === 401) void reply.header('WWW-Authenticate', 'Bearer realm="engram"');
    await reply.code(denial.status).send(jsonRpcError(-32001, denial.message));
    return undefined;
  }

  private async forward(id: string | undefined, identity: CallerIdentity, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (id === undefined) {
      await reply.code(400).send(jsonRpcError(-32000, 'Bad Request: Mcp-Session-Id header is required'));
      return;
    }
    const transport = this.sessions.get(id);
    if (!transport) {
      await reply.code(404).send(jsonRpcError(-32001, `Session not found: ${id}`));
      return;
    }
    if (!this.sessions.belongsTo(id, identity)) {
      await reply.code(403).send(jsonRpcError(-32001, 'Forbidden: this session was opened with another credential'));
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
