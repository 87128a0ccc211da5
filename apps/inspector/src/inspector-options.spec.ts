import { DEFAULT_INSPECTOR_PORT, parseInspectorOptions } from './inspector-options.js';

describe('parseInspectorOptions', () => {
  it('defaults to its own port, not the MCP server one', () => {
    expect(parseInspectorOptions([], { ENGRAM_HTTP_PORT: '9000' }).port).toBe(DEFAULT_INSPECTOR_PORT);
  });

  it('takes --port over ENGRAM_UI_PORT and passes config flags through', () => {
    const o = parseInspectorOptions(['--port', '0', '--home', '/tmp/h', '--api-key', 'k'], { ENGRAM_UI_PORT: '9100' });
    expect(o.port).toBe(0);
    expect(o.configFlags).toMatchObject({ home: '/tmp/h', apiKey: 'k' });
    expect(parseInspectorOptions([], { ENGRAM_UI_PORT: '9100' }).port).toBe(9100);
  });

  it('asks for help with --help or -h', () => {
    expect(parseInspectorOptions(['--help'], {}).help).toBe(true);
    expect(parseInspectorOptions(['-h'], {}).help).toBe(true);
    expect(parseInspectorOptions([], {}).help).toBeUndefined();
  });

  it('refuses a bad port or an unknown option with the usage line', () => {
    expect(() => parseInspectorOptions(['--port', 'abc'], {})).toThrow(/must be 0\.\.65535.*\n.*usage: engram ui/s);
    expect(() => parseInspectorOptions(['--port', '70000'], {})).toThrow(/must be 0\.\.65535/);
    expect(() => parseInspectorOptions(['--nope'], {})).toThrow(/usage: engram ui/);
  });
});
