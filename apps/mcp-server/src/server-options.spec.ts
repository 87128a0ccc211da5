import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServerOptions } from './server-options.js';

describe('parseServerOptions', () => {
  let repo: string;
  let sub: string;
  beforeAll(() => {
    repo = path.join(mkdtempSync(path.join(tmpdir(), 'engram-opts-')), 'acme-repo');
    sub = path.join(repo, 'src', 'deep');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(sub, { recursive: true });
  });
  afterAll(() => rmSync(path.dirname(repo), { recursive: true, force: true }));

  it('defaults to stdio, dotted tool names, the core tools, the git root\'s project and no config flags', () => {
    expect(parseServerOptions([], {}, sub)).toEqual({
      transport: 'stdio', toolNames: 'dotted', toolProfile: 'core', sessionScope: 'project:acme-repo', configFlags: {},
    });
  });

  it('stdio takes the project from CLAUDE_PROJECT_DIR before the working directory', () => {
    expect(parseServerOptions([], { CLAUDE_PROJECT_DIR: sub }, tmpdir()).sessionScope).toBe('project:acme-repo');
  });

  it('HTTP has no process-wide project (each connection names its own); global only when asked for', () => {
    expect(parseServerOptions(['--http'], {}, sub).sessionScope).toBeUndefined();
    expect(parseServerOptions(['--project', 'global'], {}, sub).sessionScope).toBe('global');
    expect(parseServerOptions([], { ENGRAM_PROJECT: 'global' }, sub).sessionScope).toBe('global');
  });

  it('serves the full tool set on request (flag over environment)', () => {
    expect(parseServerOptions([], { ENGRAM_MCP_TOOLS: 'full' }, sub).toolProfile).toBe('full');
    expect(parseServerOptions(['--tools', 'core'], { ENGRAM_MCP_TOOLS: 'full' }, sub).toolProfile).toBe('core');
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
    [['--tools', 'all'], '--tools must be core or full'],
  ])('rejects %j with "%s" and the usage line', (argv, message) => {
    expect(() => parseServerOptions(argv, {})).toThrow(new RegExp(`^${message}\\nusage: engram-mcp `));
  });
});
