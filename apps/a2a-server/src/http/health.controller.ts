import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { HealthProbe, HealthReport, MetricsExporter } from '@engram/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { A2aSettings } from '../composition-root.js';
import { A2A_SETTINGS, HEALTH_PROBE, METRICS } from '../tokens.js';
import { bearerMatches } from './a2a-middleware.js';
import { hostProblem } from './host-origin-check.js';

/**
 * `/health`: liveness only, `{ status }`, for load balancers, unless the caller sends the API key
 * from an allowed Host; then the full report (database, model, backlogs, config summary with this
 * server's own port, no secrets). 503 when the database is down. Like the MCP server's /health
 * (issue 37): a wrong key is liveness too, not 401, and with `--insecure-no-auth` there is no key,
 * so the report stays liveness only (`engram status` prints the full one).
 * `/metrics`: Prometheus text exposition (ADR-0015), Bearer-checked in mount-a2a.ts.
 */
/** The shared config summary names http.port, the MCP server's; this server reports the port it answers on. */
function withOwnPort(report: HealthReport, port: number): HealthReport {
  const http = (report.config.http ?? {}) as Record<string, unknown>;
  return { ...report, config: { ...report.config, http: { ...http, port } } };
}

@Controller()
export class HealthController {
  constructor(
    @Inject(HEALTH_PROBE) private readonly health: HealthProbe,
    @Inject(METRICS) private readonly metrics: MetricsExporter,
    @Inject(A2A_SETTINGS) private readonly settings: A2aSettings,
  ) {}

  @Get('metrics')
  async metricsText(@Res() reply: FastifyReply): Promise<void> {
    await reply.status(200).header('content-type', this.metrics.contentType).send(await this.metrics.render());
  }

  @Get('health')
  async report(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const auth = req.headers.authorization;
    const { apiKey } = this.settings;
    const keyOk = apiKey !== undefined && auth !== undefined && bearerMatches(auth, apiKey);
    const full = keyOk && hostProblem(this.settings, req.headers.host, undefined) === undefined;
    const report = await this.health.report();
    const code = report.status === 'down' ? 503 : 200;
    await reply.status(code).send(full ? withOwnPort(report, req.raw.socket.localPort ?? this.settings.port) : { status: report.status });
  }
}
