import { Module, type DynamicModule } from '@nestjs/common';
import { compositionProviders, type loadServerConfig } from './composition-root.js';
import type { McpServerOptions } from './server-options.js';
import { MEMORY_SERVICE, SERVER_OPTIONS } from './tokens.js';
import type { MemoryService } from '@engram/agents';
import { HTTP_ACCESS, SESSIONS, StreamableHttpController } from './transports/streamable-http.controller.js';
import { SessionRegistry } from './transports/session-registry.js';
import { sessionSettingsFromEnv } from './transports/session-settings.js';

type Loaded = ReturnType<typeof loadServerConfig>;

const stderrLog = (m: string) => process.stderr.write(`${new Date().toISOString()} engram-mcp ${m}\n`);

/** Root module: one per transport, built from the same composition providers (immich style). */
@Module({})
export class McpServerModule {
  static forStdio(options: McpServerOptions, loaded: Loaded): DynamicModule {
    return {
      module: McpServerModule,
      providers: [
        { provide: SERVER_OPTIONS, useValue: options },
        ...compositionProviders(loaded.config),
      ],
    };
  }

  static forHttp(options: McpServerOptions, loaded: Loaded): DynamicModule {
    return {
      module: McpServerModule,
      controllers: [StreamableHttpController],
      providers: [
        { provide: SERVER_OPTIONS, useValue: options },
        ...compositionProviders(loaded.config),
        { provide: HTTP_ACCESS, useValue: loaded.http },
        {
          provide: SESSIONS,
          useFactory: (service: MemoryService) => new SessionRegistry(service, options, stderrLog, sessionSettingsFromEnv(process.env)),
          inject: [MEMORY_SERVICE],
        },
      ],
    };
  }
}
