import { parseArgs } from 'node:util';

/** How `engram ui` was asked to run (argv; everything else comes from the layered config). */
export interface InspectorOptions {
  /** --help: print the usage line and exit. */
  help?: boolean;
  /** Port of the inspector itself (not the MCP server's): default 8790, 0 for any free port. */
  port: number;
  /** Flags handed to the config loader (defaults < file < env < flags). */
  configFlags: Record<string, string | undefined>;
}

export const DEFAULT_INSPECTOR_PORT = 8790;

export const USAGE = 'usage: engram ui [--host H] [--port N] [--home DIR] [--database-url URL] [--model-dir DIR] [--api-key KEY] [--config FILE]';

/** Parses argv; a bad option throws an Error whose message ends with the usage line. */
export function parseInspectorOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): InspectorOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv], strict: true, allowPositionals: false,
      options: {
        host: { type: 'string' }, port: { type: 'string' }, home: { type: 'string' }, 'database-url': { type: 'string' },
        'model-dir': { type: 'string' }, 'api-key': { type: 'string' }, config: { type: 'string' }, 'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${USAGE}`, { cause: err });
  }
  // Its own port: ENGRAM_HTTP_PORT is the MCP server's, and both may run at once.
  const rawPort = typeof values.port === 'string' ? values.port : env.ENGRAM_UI_PORT;
  const port = rawPort === undefined ? DEFAULT_INSPECTOR_PORT : /^\d+$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) throw new Error(`--port (or ENGRAM_UI_PORT) must be 0..65535, got "${String(rawPort)}"\n${USAGE}`);
  const s = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  return {
    ...(values.help ? { help: true } : {}),
    port,
    configFlags: {
      httpHost: s('host'), home: s('home'), databaseUrl: s('database-url'), modelDir: s('model-dir'), apiKey: s('api-key'),
      configFile: s('config'), logLevel: s('log-level'),
    },
  };
}
