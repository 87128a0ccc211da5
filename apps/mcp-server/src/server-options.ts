/** How this MCP server process was asked to run (from argv and ENGRAM_* variables). */
export interface McpServerOptions {
  transport: 'stdio' | 'http';
  /** `dotted` (memory.store, the seed names) or `underscore` (memory_store) for clients that reject dots. */
  toolNames: 'dotted' | 'underscore';
  /** Session scope for tools that name none, e.g. `project:acme` (from --project / ENGRAM_PROJECT). */
  sessionScope?: string;
  /** Flags handed to the config loader (defaults < file < env < flags). */
  configFlags: Record<string, string | undefined>;
}

const FLAG_KEYS: Record<string, string> = {
  '--host': 'httpHost', '--port': 'httpPort', '--home': 'home', '--database-url': 'databaseUrl',
  '--model-dir': 'modelDir', '--model': 'modelName', '--api-key': 'apiKey', '--log-level': 'logLevel',
  '--config': 'configFile',
};

function usage(message: string): never {
  throw new Error(`${message}\nusage: engram-mcp [--stdio | --http] [--host H] [--port N] [--home DIR] ` +
    '[--database-url URL] [--model-dir DIR] [--api-key KEY] [--project ID] [--tool-names dotted|underscore]');
}

/**
 * Parses argv. stdio is the default: MCP clients spawn servers without arguments and speak over
 * stdin/stdout; `--http` (or ENGRAM_MCP_TRANSPORT=http) serves Streamable HTTP instead.
 */
export function parseServerOptions(argv: readonly string[], env: NodeJS.ProcessEnv): McpServerOptions {
  let transport: 'stdio' | 'http' = env.ENGRAM_MCP_TRANSPORT === 'http' ? 'http' : 'stdio';
  let toolNames = env.ENGRAM_MCP_TOOL_NAMES === 'underscore' ? 'underscore' : 'dotted';
  let project = env.ENGRAM_PROJECT;
  const configFlags: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--stdio' || arg === '--http') { transport = arg === '--http' ? 'http' : 'stdio'; continue; }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) usage(`missing value for ${flag}`);
    if (flag === '--tool-names') {
      if (value !== 'dotted' && value !== 'underscore') usage(`--tool-names must be dotted or underscore`);
      toolNames = value;
    } else if (flag === '--project') project = value;
    else if (FLAG_KEYS[flag]) configFlags[FLAG_KEYS[flag] as string] = value;
    else usage(`unknown option ${flag}`);
  }
  const sessionScope = project ? (project.includes(':') ? project : `project:${project}`) : undefined;
  return { transport, toolNames: toolNames as McpServerOptions['toolNames'], sessionScope, configFlags };
}
