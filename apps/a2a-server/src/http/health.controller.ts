import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { HealthProbe } from '@engram/runtime';
import type { FastifyReply } from 'fastify';
import { HEALTH_PROBE } from '../tokens.js';

/** `/health`: database, model, config summary (no secrets); 503 when the database is down. Bearer-checked in mount-a2a.ts. */
@Controller()
export class HealthController {
  constructor(@Inject(HEALTH_PROBE) private readonly health: HealthProbe) {}

  @Get('health')
  async report(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.health.report();
    await reply.status(report.status === 'down' ? 503 : 200).send(report);
  }
}
