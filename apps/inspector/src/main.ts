import 'reflect-metadata';
import { parseJsonBodyThen } from '@engram/memory';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { composeInspector, loadInspectorConfig } from './composition-root.js';
import { assertSafeBinding } from '@engram/agents';
import type { AccessConfig } from './http/access-policy.js';
import { HtmlExceptionFilter } from './http/html-exception.filter.js';
import { bindHosts, urlHost } from './http/bind-hosts.js';
import { installAccess } from './http/install-access.js';
import { createLoginToken } from './http/login-token.js';
import { parseInspectorOptions, USAGE } from './inspector-options.js';
import { InspectorModule } from './inspector.module.js';

const log = (m: string) => process.stderr.write(`${new Date().toISOString()} engram-ui ${m}\n`);

/**
 * What `engram ui` prints (issue 37): a URL that answers (a wildcard bind names this machine's
 * address), a one-time sign-in token instead of the API key, and what to set when the name in the
 * URL is not an allowed Host.
 */
function openLines(host: string, port: number, access: AccessConfig, token: string | undefined): string[] {
  const base = `http://${host}:${port}`;
  const lines = [`engram inspector: open ${token ? `${base}/login?token=${token}` : `${base}/`}`];
  if (token) lines.push('  (a one-time sign-in link, valid 15 minutes; later, sign in at /login with ENGRAM_API_KEY)');
  const name = host.replace(/^\[|\]$/g, '');
  if (!access.allowedHosts.includes(host) && !access.allowedHosts.includes(name)) {
    lines.push(`  ${host} is not an allowed Host: set ENGRAM_ALLOWED_HOSTS=${name} (comma-separated, with any other name you open it by)`);
  }
  return lines;
}

/** `engram ui`: opens the store, serves the inspector on loopback, prints the URL to open. */
async function main(): Promise<void> {
  const options = parseInspectorOptions(process.argv.slice(2), process.env);
  if (options.help) return void process.stdout.write(`${USAGE}\n`);
  const config = loadInspectorConfig(options);
  const allowedHosts = [...new Set([...config.http.allowedHosts, ...bindHosts(config.http.host)])];
  const access: AccessConfig = { host: config.http.host, apiKey: config.http.apiKey, allowedHosts, allowedOrigins: config.http.allowedOrigins };
  assertSafeBinding(access);
  const deps = await composeInspector(config);
  const adapter = new FastifyAdapter({ bodyLimit: 64 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(InspectorModule.with(deps), adapter, { logger: ['error', 'warn'] });
  const token = access.apiKey ? createLoginToken() : undefined;
  // Every JSON body's shape is checked before it is parsed (issue 36 T3-19).
  app.useBodyParser('application/json', { bodyLimit: 64 * 1024 }, (_req, body, done) => parseJsonBodyThen(body, done));
  installAccess(app.getHttpAdapter().getInstance(), access, token);
  app.useGlobalFilters(new HtmlExceptionFilter(log));
  app.enableShutdownHooks();
  await app.listen(options.port, config.http.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const bound = config.http.host.includes(':') ? `[${config.http.host}]` : config.http.host;
  // Tests read this line (stderr) to learn the port; people open the URL printed on stdout.
  log(`engram inspector listening on http://${bound}:${port}`);
  process.stdout.write(`${openLines(urlHost(config.http.host), port, access, token?.value).join('\n')}\n`);
}

main().catch((err: unknown) => {
  log(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
