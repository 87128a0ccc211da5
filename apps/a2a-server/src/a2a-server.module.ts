import { DefaultRequestHandler, type TaskStore } from '@a2a-js/sdk/server';
import type { MemoryService } from '@engram/agents';
import { Module, type DynamicModule } from '@nestjs/common';
import type { AgentCard } from '@a2a-js/sdk';
import { buildAgentCard, type AgentCardOptions } from './agent-card.js';
import { compositionProviders, type A2aSettings, type loadA2aSettings } from './composition-root.js';
import { EngramAgentExecutor } from './executor/engram-agent-executor.js';
import { HealthController } from './http/health.controller.js';
import { AGENT_CARD, MEMORY_SERVICE, REQUEST_HANDLER, TASK_STORE } from './tokens.js';

export const ENGRAM_VERSION = '0.1.0';

export function cardOptions(settings: A2aSettings, publicUrl: string): AgentCardOptions {
  return { publicUrl, version: ENGRAM_VERSION, authRequired: settings.apiKey !== undefined };
}

/** Root module: the composed runtime, the SDK request handler over engram's executor, /health. */
@Module({})
export class A2aServerModule {
  static forRoot(config: ReturnType<typeof loadA2aSettings>['config'], settings: A2aSettings): DynamicModule {
    return {
      module: A2aServerModule,
      controllers: [HealthController],
      providers: [
        ...compositionProviders(config, settings),
        { provide: AGENT_CARD, useValue: buildAgentCard(cardOptions(settings, settings.publicUrl)) },
        {
          provide: REQUEST_HANDLER,
          useFactory: (card: AgentCard, service: MemoryService, store: TaskStore) => new DefaultRequestHandler(card, store, new EngramAgentExecutor(service)),
          inject: [AGENT_CARD, MEMORY_SERVICE, TASK_STORE],
        },
      ],
    };
  }
}
