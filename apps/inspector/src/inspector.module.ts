import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { InspectorDeps } from './inspector-deps.js';
import { AssetsController } from './pages/assets.controller.js';
import { ConversationsController } from './pages/conversations.controller.js';
import { GateController } from './pages/gate.controller.js';
import { HealthController } from './pages/health.controller.js';
import { MemoriesController } from './pages/memories.controller.js';
import { MemoryController } from './pages/memory.controller.js';
import { WorkController } from './pages/work.controller.js';
import { INSPECTOR } from './tokens.js';

/** Releases the job queue, the embedder and the database when Nest shuts down. */
class RuntimeShutdown implements OnApplicationShutdown {
  constructor(@Inject(INSPECTOR) private readonly deps: InspectorDeps) {}

  async onApplicationShutdown(): Promise<void> {
    await this.deps.runtime.close();
  }
}

/** The inspector: server-rendered pages over the memory service's use cases (ADR-0024). */
@Module({})
export class InspectorModule {
  static with(deps: InspectorDeps): DynamicModule {
    return {
      module: InspectorModule,
      controllers: [MemoriesController, MemoryController, GateController, ConversationsController, WorkController, HealthController, AssetsController],
      providers: [{ provide: INSPECTOR, useValue: deps }, RuntimeShutdown],
    };
  }
}
