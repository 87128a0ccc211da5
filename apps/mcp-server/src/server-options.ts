import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultSessionScope } from './session-scope.js';
import { isToolProfile, type ToolProfile } from './tools/profile-names.js';

/** How this MCP server process was asked to run (from argv and ENGRAM_* variables). */
export interface McpServerOptions {
  transport: 'stdio' | 'http';
  /** `dotted` (memory.store, the seed names) or `underscore` (memory_store) for clients that reject dots. */
  toolNames: 'dotted' | 'underscore';
  /** Which tools are served: `core` (default, few tokens) or `full` (--tools / ENGRAM_MCP_TOOLS). */
  toolProfile: ToolProfile;
  /**
   * Session scope for tools that name none, e.g. `project:acme`: --project / ENGRAM_PROJECT, else
   * (stdio) the git root of the project the client runs in; HTTP sessions may name their own.
   */
  sessionScope?: string;
  /** Flags handed to the config loader (defaults < file < env < flags). */
  configFlags: Record<string, string | undefined>;
}

const OPTIONS = {
  stdio: { type: 'boolean' },
  http: { type: 'boolean' },
  host: { type: 'string' },
  port: { type: 'string' },
  home: { type: 'string' },
  'database-url': { type: 'string' },
  'model-dir': { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  'log-level': { type: 'string' },
  config: { type: 'string' },
  project: { type: 'string' },
  'tool-names': { type: 'string' },
  tools: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** Options that go to the config loader, by the loader's key. */
const CONFIG_KEYS = {
  host: 'httpHost', port: 'httpPort', home: 'home', 'database-url': 'databaseUrl', 'model-dir': 'modelDir',
  model: 'modelName', 'api-key': 'apiKey', 'log-level': 'logLevel', config: 'configFile',
} as const satisfies Partial<Record<keyof typeof OPTIONS, string>>;

function usage(message: string): never {
  throw new Error(`${message}\nusage: engram-mcp [--stdio | --http] [--host H] [--port N] [--home DIR] ` +
    '[--database-url URL] [--model-dir DIR] [--api-key KEY] [--project ID|global] [--tool-names dotted|underscore] [--tools core|full]');
}

/** parseArgs' errors in this CLI's words (the same messages as before it used parseArgs). */
function argvProblem(err: unknown): string {
  const { code, message } = err as { code?: string; message?: string };
  const quoted = /'([^' ]+)/.exec(message ?? '')?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unknown option ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return message?.includes('does not take an argument') ? `${quoted} takes no value` : `missing value for ${quoted}`;
  }
  throw err;
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false, tokens: true });
  } catch (err) {
    return usage(argvProblem(err));
  }
}

/**
 * Parses argv. stdio is the default: MCP clients spawn servers without arguments and speak over
 * stdin/stdout; `--http` (or ENGRAM_MCP_TRANSPORT=http) serves Streamable HTTP instead. A repeated
 * option, and the later of --stdio/--http, wins.
 */
export function parseServerOptions(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string = process.cwd()): McpServerOptions {
  const { values, tokens } = parse(argv);
  const lastTransport = tokens.filter((t) => t.kind === 'option' && (t.name === 'stdio' || t.name === 'http')).at(-1);
  const transport = lastTransport?.kind === 'option'
    ? (lastTransport.name as 'stdio' | 'http')
    : env.ENGRAM_MCP_TRANSPORT === 'http' ? 'http' : 'stdio';
  const toolNames = values['tool-names'] ?? (env.ENGRAM_MCP_TOOL_NAMES === 'underscore' ? 'underscore' : 'dotted');
  if (toolNames !== 'dotted' && toolNames !== 'underscore') usage('--tool-names must be dotted or underscore');
  const toolProfile = values.tools ?? (env.ENGRAM_MCP_TOOLS || 'core');
  if (!isToolProfile(toolProfile)) usage('--tools must be core or full');
  const configFlags: Record<string, string | undefined> = {};
  for (const [option, key] of Object.entries(CONFIG_KEYS)) {
    const value = values[option as keyof typeof CONFIG_KEYS];
    if (value !== undefined) configFlags[key] = value;
  }
  const sessionScope = defaultSessionScope(transport, values.project ?? env.ENGRAM_PROJECT, env, cwd);
  return { transport, toolNames, toolProfile, sessionScope, configFlags };
}
