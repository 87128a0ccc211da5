import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';
import { loadLightConfig } from './light-config.js';
import { ConfigError } from '../errors.js';

describe('loadLightConfig (the hook\'s config) agrees with loadConfig', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'engram-light-config-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('layers defaults < config file < environment for home, databaseUrl and conversationMode', async () => {
    expect(await loadLightConfig({ env: { ENGRAM_HOME: home } })).toEqual({ home, conversationMode: 'unified' });
    writeFileSync(path.join(home, 'config.yaml'), 'databaseUrl: postgres://file/db\nconversationMode: per-agent\nlogLevel: debug\n');
    const env = { ENGRAM_HOME: home };
    const light = await loadLightConfig({ env });
    const full = loadConfig({ env });
    expect(light).toEqual({ home, databaseUrl: 'postgres://file/db', conversationMode: 'per-agent' });
    expect({ home: full.home, databaseUrl: full.databaseUrl, conversationMode: full.conversationMode }).toEqual(light);
    const overridden = { ...env, DATABASE_URL: 'postgres://env/db', ENGRAM_CONVERSATION_MODE: 'unified' };
    expect(await loadLightConfig({ env: overridden })).toEqual({ home, databaseUrl: 'postgres://env/db', conversationMode: 'unified' });
    expect(loadConfig({ env: overridden }).conversationMode).toBe('unified');
  });

  it('refuses what loadConfig refuses for its keys', async () => {
    await expect(loadLightConfig({ env: { ENGRAM_HOME: home, ENGRAM_CONVERSATION_MODE: 'shared' } })).rejects.toBeInstanceOf(ConfigError);
    expect(() => loadConfig({ env: { ENGRAM_HOME: home, ENGRAM_CONVERSATION_MODE: 'shared' } })).toThrow(ConfigError);
    await expect(loadLightConfig({ env: { ENGRAM_HOME: home, DATABASE_URL: 'mysql://x' } })).rejects.toThrow(/postgres:\/\//);
    writeFileSync(path.join(home, 'config.yaml'), 'databaseUrl: [unclosed');
    await expect(loadLightConfig({ env: { ENGRAM_HOME: home } })).rejects.toThrow(/not valid YAML/);
    await expect(loadLightConfig({ env: { ENGRAM_HOME: home, ENGRAM_CONFIG: path.join(home, 'missing.yaml') } })).rejects.toThrow(/does not exist/);
  });
});
