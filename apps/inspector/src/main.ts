import 'reflect-metadata';
import { parseJsonBodyThen } from '@engram/memory';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { composeInspector, loadInspectorConfig } from './composition-root.js';
import { assertSafeBinding, type AccessConfig } from './http/access-policy.js';
import { HtmlExceptionFilter } from './http/html-exception.filter.js';
import { installAccess } from './http/install-access.js';
import { parseInspectorOptions, USAGE } from './inspector-options.js';
import { InspectorModule } from './inspector.module.js';

const log = (m: string) => process.stderr.write(`${new Date().toISOString()} engram-ui ${m}\n`);

/** `engram ui`: opens the store, serves the inspector on loopback, prints the URL to open. */
async function main(): Promise<void> {
  const options = parseInspectorOptions(process.argv.slice(2), process.env);
  if (options.help) return void process.stdout.write(`${USAGE}\n`);
  const config = loadInspectorConfig(options);
  const access: AccessConfig = { host: config.http.host, apiKey: config.http.apiKey, allowedHosts: config.http.allowedHosts, allowedOrigins: config.http.allowedOrigins };
  assertSafeBinding(access);
  const deps = await composeInspector(config);
  const adapter = new FastifyAdapter({ bodyLimit: 64 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(InspectorModule.with(deps), adapter, { logger: ['error', 'warn'] });
  // Every JSON body's shape is checked before it is parsed (issue 36 T3-19).
  app.useBodyParser('application/json', { bodyLimit: 64 * 1024 }, (_req, body, done) => parseJsonBodyThen(body, done));
  installAccess(app.getHttpAdapter().getInstance(), access);
  app.useGlobalFilters(new HtmlExceptionFilter(log));
  app.enableShutdownHooks();
  await app.listen(options.port, config.http.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = config.http.host.includes(':') ? `[${config.http.host}]` : config.http.host;
  const base = `http://${host}:${port}`;
  // Tests read this line (stderr) to learn the port; people open the URL printed on stdout.
  log(`engram inspector listening on ${base}`);
  process.stdout.write(`engram inspector: open ${access.apiKey ? `${base}/login?key=${encodeURIComponent(access.apiKey)}` : `${base}/`}\n`);
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
