import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthProbe, MetricsExporter } from '@engram/runtime';
import type { FastifyReply } from 'fastify';
import { HEALTH_PROBE, METRICS } from '../tokens.js';

/**
 * `/health`: database, model, config summary (no secrets); 503 when the database is down.
 * `/metrics`: Prometheus text exposition (ADR-0015). Both Bearer-checked in mount-a2a.ts.
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(HEALTH_PROBE) private readonly health: HealthProbe,
    @Inject(METRICS) private readonly metrics: MetricsExporter,
  ) {}

  @Get('metrics')
  async metricsText(@Res() reply: FastifyReply): Promise<void> {
    await reply.status(200).header('content-type', this.metrics.contentType).send(await this.metrics.render());
  }

  @Get('health')
  async report(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.report();
    await reply.status(report.status === 'down' ? 503 : 200).send(report);
  }
}
