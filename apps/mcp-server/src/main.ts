import 'reflect-metadata';
import { assertSafeBinding, type MemoryService } from '@engram/agents';
import { parseJsonBodyThen } from '@engram/memory';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadServerConfig } from './composition-root.js';
import { StderrLogger } from './logging/stderr-logger.js';
import { McpServerModule } from './mcp-server.module.js';
import { parseServerOptions, type McpServerOptions } from './server-options.js';
import { MEMORY_SERVICE } from './tokens.js';
import { JsonRpcExceptionFilter } from './transports/json-rpc-exception.filter.js';
import { StdioRunner } from './transports/stdio-runner.js';
import { watchStdioPeer } from './transports/stdio-peer.js';

const logger = new StderrLogger(process.env.ENGRAM_LOG_LEVEL === 'debug');

async function runStdio(options: McpServerOptions): Promise<void> {
  // Watched from the first line: a client may give up while the server is still starting.
  const peer = watchStdioPeer();
  const loaded = loadServerConfig(options);
  // The session answers `initialize` now; its other requests wait for the runtime composed below.
  const session = await StdioRunner.open(options, (m) => process.stderr.write(`${m}\n`));
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(McpServerModule.forStdio(options, loaded), { logger });
  } catch (err) {
    await session.close();
    // Held requests are never answered: the client sees the server exit, and stdin must not keep it alive.
    process.stdin.destroy();
    throw err;
  }
  app.enableShutdownHooks();
  session.serve(app.get<MemoryService>(MEMORY_SERVICE));
  await Promise.race([session.closed, peer.gone]);
  if (peer.isGone()) {
    // Reaches the log only when stderr still has a reader (stdout was the pipe that broke).
    logger.log(`the stdio client is gone (${await peer.gone}): closing the session`);
  }
  await session.close();
  await app.close();
  // A client that closed stdout may keep stdin open; nothing more will be read from it.
  if (peer.isGone()) process.stdin.destroy();
}

async function runHttp(options: McpServerOptions): Promise<void> {
  const loaded = loadServerConfig(options);
  assertSafeBinding(loaded.http);
  const adapter = new FastifyAdapter({ bodyLimit: loaded.http.maxBodyBytes });
  const app = await NestFactory.create<NestFastifyApplication>(McpServerModule.forHttp(options, loaded), adapter, { logger });
  // Every JSON body's shape is checked before it is parsed (issue 36 T3-19; errors: json-rpc-exception.filter.ts).
  app.useBodyParser('application/json', { bodyLimit: loaded.http.maxBodyBytes }, (_req, body, done) => parseJsonBodyThen(body, done));
  app.useGlobalFilters(new JsonRpcExceptionFilter((m) => logger.error(m)));
  app.enableShutdownHooks();
  await app.listen(loaded.http.port, loaded.http.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : loaded.http.port;
  // Tests and scripts read this line (stderr) to learn the port when started with --port 0.
  logger.log(`engram MCP server listening on http://${loaded.http.host}:${port}/mcp`);
}

async function main(): Promise<void> {
  const options = parseServerOptions(process.argv.slice(2), process.env);
  await (options.transport === 'http' ? runHttp(options) : runStdio(options));
}

main().catch((err: unknown) => {
  logger.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
