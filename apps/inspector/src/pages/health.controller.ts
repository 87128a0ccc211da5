import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { LifecycleStats } from '@engram/agents';
import type { GateThroughputDay } from '@engram/librarian';
import type { DailyTypeCount, TypeStatusCount } from '@engram/memory';
import type { InspectorDeps } from '../inspector-deps.js';
import { INSPECTOR } from '../tokens.js';
import { healthPage } from '../views/health.view.js';
import { SnapshotCache } from './snapshot-cache.js';

/*
 * The dashboard numbers scan whole tables: the lifecycle stats read every active memory (decay is
 * computed, never stored: ADR-0014), the counts group every memory and audit row. At 100k that is
 * about a second, so the page shows a snapshot at most a minute old, refreshed in the background;
 * the /health report itself is read live.
 */
const SNAPSHOT_MAX_AGE_MS = 60_000;

interface Dashboard {
  stats?: LifecycleStats;
  statsError?: string;
  counts: TypeStatusCount[];
  created: DailyTypeCount[];
  throughput: GateThroughputDay[];
}

@Controller()
export class HealthController {
  private readonly dashboard: SnapshotCache<Dashboard>;

  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {
    this.dashboard = new SnapshotCache(() => this.collect(), SNAPSHOT_MAX_AGE_MS);
    // Take the first snapshot now, so the first visit does not wait for it.
    void this.dashboard.get().catch(() => undefined);
  }

  /** The lifecycle numbers may fail alone (e.g. a table missing mid-migration): the rest is still shown. */
  private async collect(): Promise<Dashboard> {
    const [stats, counts, created, throughput] = await Promise.all([
      this.deps.stats().then((s) => ({ s }), (e: unknown) => ({ e: e instanceof Error ? e.message : String(e) })),
      this.deps.memoryCounts(), this.deps.createdPerDay(30), this.deps.throughput(14),
    ]);
    return { ...('s' in stats ? { stats: stats.s } : { statsError: stats.e }), counts, created, throughput };
  }

  @Get('/health')
  @Header('content-type', 'text/html; charset=utf-8')
  async health(): Promise<string> {
    const [health, snapshot] = await Promise.all([this.deps.health(), this.dashboard.get()]);
    return healthPage({ health, ...snapshot.value, statsTakenAt: snapshot.takenAt, statsTookMs: snapshot.tookMs });
  }
}
