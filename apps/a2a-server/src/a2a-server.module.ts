import { DefaultRequestHandler, type TaskStore } from '@a2a-js/sdk/server';
import type { MemoryService } from '@engram/agents';
import { Module, type DynamicModule } from '@nestjs/common';
import { buildAgentCard } from './agent-card.js';
import { compositionProviders, type A2aSettings, type loadA2aSettings } from './composition-root.js';
import { EngramAgentExecutor } from './executor/engram-agent-executor.js';
import { HealthController } from './http/health.controller.js';
import { RuntimeShutdown } from './runtime-shutdown.js';
import { MEMORY_SERVICE, REQUEST_HANDLER, TASK_STORE } from './tokens.js';

export const ENGRAM_VERSION = '0.1.0';

/** Root module: the composed runtime, the SDK request handler over engram's executor, /health. */
@Module({})
export class A2aServerModule {
  static forRoot(config: ReturnType<typeof loadA2aSettings>['config'], settings: A2aSettings): DynamicModule {
    return {
      module: A2aServerModule,
      controllers: [HealthController],
      providers: [
        ...compositionProviders(config, settings),
        {
          provide: REQUEST_HANDLER,
          useFactory: (service: MemoryService, store: TaskStore) => new DefaultRequestHandler(
            buildAgentCard({ publicUrl: settings.publicUrl, version: ENGRAM_VERSION, authRequired: settings.apiKey !== undefined }),
            store,
            new EngramAgentExecutor(service),
          ),
          inject: [MEMORY_SERVICE, TASK_STORE],
        },
        RuntimeShutdown,
      ],
    };
  }
}
