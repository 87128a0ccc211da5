import 'reflect-metadata';
import { parseJsonBodyThen } from '@engram/memory';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AgentCard } from '@a2a-js/sdk';
import { A2aServerModule, cardOptions } from './a2a-server.module.js';
import { buildAgentCard } from './agent-card.js';
import { loadA2aSettings } from './composition-root.js';
import { a2aExpressApp } from './http/mount-a2a.js';
import { parseA2aOptions } from './server-options.js';
import { AGENT_CARD, KEYS, REQUEST_HANDLER } from './tokens.js';
import type { KeyVerifier } from '@engram/runtime';
import type { VerifyKey } from './http/a2a-middleware.js';

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} engram-a2a ${msg}\n`);

/** A key from `engram keys` as the A2A layer sees it: actor and scopes (`*` = all). */
function keyVerifier(keys: KeyVerifier): VerifyKey {
  return async (token) => {
    const key = await keys.verify(token);
    if (!key) return null;
    return { actor: key.actor, ...(key.scopes.includes('*') ? {} : { allowedScopes: key.scopes }) };
  };
}

async function main(): Promise<void> {
  const options = parseA2aOptions(process.argv.slice(2), process.env);
  const { settings, config } = loadA2aSettings(options);
  const adapter = new FastifyAdapter({ bodyLimit: settings.maxBodyBytes });
  const app = await NestFactory.create<NestFastifyApplication>(A2aServerModule.forRoot(config, settings), adapter, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  // The A2A routes parse their bodies in a2a-middleware.ts; any other JSON body is held to the same limits (issue 36 T3-19).
  app.useBodyParser('application/json', { bodyLimit: settings.maxBodyBytes }, (_req, body, done) => parseJsonBodyThen(body, done));
  app.use(a2aExpressApp({
    requestHandler: app.get(REQUEST_HANDLER),
    access: { apiKey: settings.apiKey, maxBodyBytes: settings.maxBodyBytes },
    hosts: settings,
    verifyKey: keyVerifier(app.get<KeyVerifier>(KEYS)),
    cardModified: new Date(),
    log,
  }));
  await app.listen(settings.port, settings.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  if (options.publicUrl === undefined && settings.port === 0) {
    // Started on a free port: the card can only name the real one now. The request handler holds
    // this same object, so updating it in place updates every answer.
    Object.assign(app.get<AgentCard>(AGENT_CARD), buildAgentCard(cardOptions(settings, settings.publicUrl.replace(/:0$/, `:${port}`))));
  }
  // Tests and scripts read this line (stderr) to learn the port when started with --port 0.
  log(`engram A2A server listening on http://${settings.host}:${port} (agent card: /.well-known/agent-card.json)`);
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
