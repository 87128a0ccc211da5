import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { loadConfig } from './config.js';
import { summarizeConfig } from './secrets.js';

function tmp(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'engram-config-'));
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const home = tmp();
    const config = loadConfig({ env: { ENGRAM_HOME: home }, cwd: home });
    expect(config).toMatchObject({
      home,
      modelName: 'all-MiniLM-L6-v2',
      modelDir: path.join(home, 'models', 'all-MiniLM-L6-v2'),
      http: { host: '127.0.0.1', port: 7431, allowedHosts: ['localhost', '127.0.0.1', '[::1]'] },
      policyFile: path.join(home, 'librarian-policy.yaml'),
      logLevel: 'info',
      embedBatchSize: 32,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('defaults home to ~/.engram', () => {
    expect(loadConfig({ env: {}, cwd: tmp() }).home).toBe(path.join(os.homedir(), '.engram'));
  });

  it('layers defaults < file < env < flags', () => {
    const home = tmp();
    writeFileSync(path.join(home, 'config.yaml'), 'logLevel: debug\nembedBatchSize: 8\nhttp:\n  port: 9000\n  host: localhost\n');
    const config = loadConfig({
      env: { ENGRAM_HOME: home, ENGRAM_EMBED_BATCH_SIZE: '16', ENGRAM_HTTP_PORT: '9100' },
      flags: { http: { port: 9200 } },
      cwd: home,
    });
    expect(config.logLevel).toBe('debug'); // file
    expect(config.embedBatchSize).toBe(16); // env over file
    expect(config.http.port).toBe(9200); // flags over env
    expect(config.http.host).toBe('localhost'); // file, merged field by field
  });

  it('reads ENGRAM_CONFIG and DATABASE_URL, ENGRAM_DATABASE_URL winning', () => {
    const dir = tmp();
    const file = path.join(dir, 'custom.yaml');
    writeFileSync(file, 'modelName: other-model\n');
    const config = loadConfig({
      env: { ENGRAM_HOME: dir, ENGRAM_CONFIG: file, DATABASE_URL: 'postgres://a@h/db', ENGRAM_DATABASE_URL: 'postgres://b@h/db' },
      cwd: dir,
    });
    expect(config.modelName).toBe('other-model');
    expect(config.modelDir).toBe(path.join(dir, 'models', 'other-model'));
    expect(config.databaseUrl).toBe('postgres://b@h/db');
  });

  it('prefers the project policy file in cwd when it exists', () => {
    const cwd = tmp();
    mkdirSync(path.join(cwd, '.engram'));
    writeFileSync(path.join(cwd, '.engram', 'librarian-policy.yaml'), 'rules: []\n');
    expect(loadConfig({ env: { ENGRAM_HOME: tmp() }, cwd }).policyFile).toBe(path.join(cwd, '.engram', 'librarian-policy.yaml'));
  });

  it('returns a deeply frozen object', () => {
    const config = loadConfig({ env: { ENGRAM_HOME: tmp() } });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.http)).toBe(true);
    expect(Object.isFrozen(config.http.allowedHosts)).toBe(true);
  });

  it.each([
    [{ ENGRAM_HTTP_PORT: 'abc' }, /ENGRAM_HTTP_PORT must be an integer/],
    [{ ENGRAM_HTTP_PORT: '70000' }, /http\.port/],
    [{ ENGRAM_LOG_LEVEL: 'loud' }, /logLevel/],
    [{ DATABASE_URL: 'mysql://x' }, /databaseUrl: must be a postgres/],
    [{ ENGRAM_EMBED_BATCH_SIZE: '0' }, /embedBatchSize/],
    [{ ENGRAM_HTTP_HOST: '0.0.0.0' }, /ENGRAM_API_KEY/],
    [{ ENGRAM_CONFIG: '/nonexistent/engram.yaml' }, /does not exist/],
    [{ ENGRAM_RATE_LIMIT_BURST: 'lots' }, /ENGRAM_RATE_LIMIT_BURST must be an integer/],
    [{ ENGRAM_RATE_LIMIT_BURST: '0' }, /rateLimit\.burst/],
    [{ ENGRAM_RATE_LIMIT_PER_SECOND: '-1' }, /ENGRAM_RATE_LIMIT_PER_SECOND must be a number/],
  ])('rejects %j with a clear ConfigError', (env, message) => {
    const call = () => loadConfig({ env: { ENGRAM_HOME: tmp(), ...env } });
    expect(call).toThrow(ConfigError);
    expect(call).toThrow(message);
  });

  it('rejects unknown keys and bad YAML in the config file', () => {
    const home = tmp();
    writeFileSync(path.join(home, 'config.yaml'), 'modelNmae: typo\n');
    expect(() => loadConfig({ env: { ENGRAM_HOME: home } })).toThrow(/modelNmae|Unrecognized/);
    writeFileSync(path.join(home, 'config.yaml'), 'a: [\n');
    expect(() => loadConfig({ env: { ENGRAM_HOME: home } })).toThrow(/not valid YAML/);
  });

  it('reads the gate rate limit from ENGRAM_RATE_LIMIT_BURST and ENGRAM_RATE_LIMIT_PER_SECOND', () => {
    const config = loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_RATE_LIMIT_BURST: '5000', ENGRAM_RATE_LIMIT_PER_SECOND: '2.5' } });
    expect(config.rateLimit).toEqual({ burst: 5000, perSecond: 2.5 });
    expect(loadConfig({ env: { ENGRAM_HOME: tmp() } }).rateLimit).toBeUndefined();
  });

  it('allows a public host with an API key', () => {
    const config = loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_HTTP_HOST: '0.0.0.0', ENGRAM_API_KEY: 'k-123' } });
    expect(config.http.apiKey).toBe('k-123');
  });
});

describe('summarizeConfig', () => {
  it('leaves out the API key and the database password', () => {
    const config = loadConfig({
      env: { ENGRAM_HOME: tmp(), ENGRAM_API_KEY: 'super-secret-key', DATABASE_URL: 'postgres://u:hunter2@db:5432/engram' },
    });
    const text = JSON.stringify(summarizeConfig(config));
    expect(text).not.toContain('super-secret-key');
    expect(text).not.toContain('hunter2');
    expect(summarizeConfig(config)).toMatchObject({ http: { apiKeySet: true }, database: { backend: 'postgres' } });
  });
});

describe('LLM synthesiser settings', () => {
  it('reads the endpoint from the environment and keeps its key out of the summary', () => {
    const config = loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_LLM_URL: 'http://127.0.0.1:8080/v1', ENGRAM_LLM_MODEL: 'm', ENGRAM_LLM_API_KEY: 'llm-secret' } });
    expect(config).toMatchObject({ llmUrl: 'http://127.0.0.1:8080/v1', llmModel: 'm', llmApiKey: 'llm-secret' });
    expect(JSON.stringify(summarizeConfig(config))).not.toContain('llm-secret');
    expect(summarizeConfig(config)).toMatchObject({ llm: { url: 'http://127.0.0.1:8080/v1', model: 'm', apiKeySet: true } });
  });

  it('refuses a URL without a model and a non-http URL', () => {
    expect(() => loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_LLM_URL: 'http://127.0.0.1:8080/v1' } })).toThrow(/ENGRAM_LLM_MODEL/);
    expect(() => loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_LLM_URL: 'ftp://x', ENGRAM_LLM_MODEL: 'm' } })).toThrow(/llmUrl/);
  });
});

describe('conversation TOC settings', () => {
  it('reads the segmentation thresholds and the summariser from the environment', () => {
    const config = loadConfig({ env: {
      ENGRAM_HOME: tmp(), ENGRAM_TOC_SEGMENT_GAP_MINUTES: '45', ENGRAM_TOC_SEGMENT_MAX_TOKENS: '2000', ENGRAM_TOC_OVERLAP_MINUTES: '0',
      ENGRAM_TOC_OVERLAP_TOKENS: '250', ENGRAM_TOC_SUMMARISER: 'llm', ENGRAM_LLM_URL: 'http://127.0.0.1:8080/v1', ENGRAM_LLM_MODEL: 'm',
    } });
    expect(config).toMatchObject({ tocSegmentGapMinutes: 45, tocSegmentMaxTokens: 2000, tocOverlapMinutes: 0, tocOverlapTokens: 250, tocSummariser: 'llm' });
  });

  it('refuses nonsense and an LLM summariser without an endpoint', () => {
    expect(() => loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_TOC_SEGMENT_MAX_TOKENS: '0' } })).toThrow(/tocSegmentMaxTokens/);
    expect(() => loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_TOC_SUMMARISER: 'magic' } })).toThrow(/tocSummariser/);
    expect(() => loadConfig({ env: { ENGRAM_HOME: tmp(), ENGRAM_TOC_SUMMARISER: 'llm' } })).toThrow(/ENGRAM_LLM_URL/);
  });
});
