import { parseServerOptions } from './server-options.js';

describe('parseServerOptions', () => {
  it('defaults to stdio, dotted tool names, no session scope and no config flags', () => {
    expect(parseServerOptions([], {})).toEqual({ transport: 'stdio', toolNames: 'dotted', sessionScope: undefined, configFlags: {} });
  });

  it('maps every config flag (separate and inline values) to the config loader key', () => {
    const o = parseServerOptions([
      '--host', '0.0.0.0', '--port=8080', '--home', '/h', '--database-url', 'postgres://x', '--model-dir', '/m',
      '--model', 'org/model', '--api-key', 'k', '--log-level', 'debug', '--config', '/c.yaml',
    ], {});
    expect(o.configFlags).toEqual({
      httpHost: '0.0.0.0', httpPort: '8080', home: '/h', databaseUrl: 'postgres://x', modelDir: '/m', modelName: 'org/model',
      apiKey: 'k', logLevel: 'debug', configFile: '/c.yaml',
    });
  });

  it('takes the transport, tool names and project from the environment unless flags say otherwise', () => {
    const env = { ENGRAM_MCP_TRANSPORT: 'http', ENGRAM_MCP_TOOL_NAMES: 'underscore', ENGRAM_PROJECT: 'acme' };
    expect(parseServerOptions([], env)).toMatchObject({ transport: 'http', toolNames: 'underscore', sessionScope: 'project:acme' });
    expect(parseServerOptions(['--stdio', '--tool-names', 'dotted', '--project', 'agent:bot'], env))
      .toMatchObject({ transport: 'stdio', toolNames: 'dotted', sessionScope: 'agent:bot' });
  });

  it('lets the later of --stdio/--http and of a repeated option win', () => {
    expect(parseServerOptions(['--http', '--stdio'], {}).transport).toBe('stdio');
    expect(parseServerOptions(['--stdio', '--http'], {}).transport).toBe('http');
    expect(parseServerOptions(['--port', '1', '--port', '2'], {}).configFlags.httpPort).toBe('2');
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['-p'], 'unknown option -p'],
    [['stray'], 'unknown option stray'],
    [['--port'], 'missing value for --port'],
    [['--port', '--http'], 'missing value for --port'],
    [['--http=yes'], '--http takes no value'],
    [['--tool-names', 'camel'], '--tool-names must be dotted or underscore'],
  ])('rejects %j with "%s" and the usage line', (argv, message) => {
    expect(() => parseServerOptions(argv, {})).toThrow(new RegExp(`^${message}\\nusage: engram-mcp `));
  });
});
