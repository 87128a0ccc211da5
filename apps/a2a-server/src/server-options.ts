import { parseArgs, type ParseArgsConfig } from 'node:util';

/** How this A2A server process was asked to run (argv, then ENGRAM_* variables). */
export interface A2aServerOptions {
  /** The A2A port (the MCP server has http.port; both may run side by side). */
  port: number;
  /** Base URL written into the agent card; default http://<host>:<port>. */
  publicUrl?: string;
  /** The loopback-only conformance switch: no Bearer check. Never the default. */
  insecureNoAuth: boolean;
  /** Flags handed to the config loader (defaults < file < env < flags). */
  configFlags: Record<string, string | undefined>;
}

export const DEFAULT_A2A_PORT = 7432;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'public-url': { type: 'string' },
  home: { type: 'string' },
  'database-url': { type: 'string' },
  'model-dir': { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  'log-level': { type: 'string' },
  config: { type: 'string' },
  'insecure-no-auth': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

const CONFIG_KEYS = {
  host: 'httpHost', home: 'home', 'database-url': 'databaseUrl', 'model-dir': 'modelDir', model: 'modelName',
  'api-key': 'apiKey', 'log-level': 'logLevel', config: 'configFile',
} as const satisfies Partial<Record<keyof typeof OPTIONS, string>>;

const USAGE = 'usage: engram-a2a [--host H] [--port N] [--public-url URL] [--api-key KEY] [--home DIR] ' +
  '[--database-url URL] [--model-dir DIR] [--config FILE] [--insecure-no-auth]';

function toPort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new Error(`${source} must be a port number 0-65535 (got "${value}")\n${USAGE}`);
  return port;
}

/** Parses argv (strict: unknown options are errors) with ENGRAM_A2A_* fallbacks. */
export function parseA2aOptions(argv: readonly string[], env: NodeJS.ProcessEnv): A2aServerOptions {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`, { cause: err });
  }
  const port = values.port !== undefined ? toPort(values.port, '--port')
    : env.ENGRAM_A2A_PORT ? toPort(env.ENGRAM_A2A_PORT, 'ENGRAM_A2A_PORT') : DEFAULT_A2A_PORT;
  const publicUrl = (values['public-url'] ?? env.ENGRAM_A2A_PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUrl)) throw new Error(`--public-url must be an http(s) URL (got "${publicUrl}")`);
  const configFlags: Record<string, string | undefined> = {};
  for (const [option, key] of Object.entries(CONFIG_KEYS)) {
    const value = values[option as keyof typeof CONFIG_KEYS];
    if (value !== undefined) configFlags[key] = value;
  }
  const insecureNoAuth = values['insecure-no-auth'] === true || env.ENGRAM_A2A_INSECURE_NO_AUTH === '1';
  return { port, publicUrl, insecureNoAuth, configFlags };
}
