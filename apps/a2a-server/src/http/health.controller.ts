import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { HealthProbe, MetricsExporter } from '@engram/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { A2aSettings } from '../composition-root.js';
import { A2A_SETTINGS, HEALTH_PROBE, METRICS } from '../tokens.js';
import { bearerMatches } from './a2a-middleware.js';
import { hostProblem } from './host-origin-check.js';

/**
 * `/health`: without credentials (or from a foreign Host) liveness only, `{ status }`, for load
 * balancers; with the API key from an allowed Host the full report (database, model, backlogs,
 * config summary, no secrets). 503 when the database is down. A wrong key is 401.
 * `/metrics`: Prometheus text exposition (ADR-0015), Bearer-checked in mount-a2a.ts.
 */
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
    if (auth !== undefined && apiKey !== undefined && !bearerMatches(auth, apiKey)) {
      await reply.status(401).header('WWW-Authenticate', 'Bearer realm="engram"').send({ error: 'invalid API key' });
      return;
    }
    const report = await this.health.report();
    const code = report.status === 'down' ? 503 : 200;
    const hostOk = hostProblem(this.settings, req.headers.host, undefined) === undefined;
    const full = hostOk && (apiKey === undefined || auth !== undefined);
    await reply.status(code).send(full ? report : { status: report.status });
  }
}
