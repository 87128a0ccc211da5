// API keys → identity (issue 18, ADR-0027): the actor comes from the credential, not the client's
// name; a key's scopes bind it; trusted keys are the bulk path; limits come from the config.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, runCli, runCliJson, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

const SHARED_KEY = 'shared-operator-key';
const BURST = 5;

async function connect(url: string, key: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

const store = async (client: Client, content: string, scope?: string) =>
  (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content, ...(scope ? { scope } : {}) } })) as CallToolResult;

beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
});

describe.each(processBackends)('MCP API keys ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;
  let server: HttpServerProcess;

  beforeAll(async () => {
    env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ...(await backend.env()) };
    server = await startHttpServer({ ...env, ENGRAM_API_KEY: SHARED_KEY, ENGRAM_RATE_LIMIT_BURST: String(BURST), ENGRAM_RATE_LIMIT_PER_SECOND: '0.01' });
  });

  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('takes the actor from the key: renaming the client gets no fresh bucket; other scopes are refused', async () => {
    const alice = await runCliJson(['keys', 'add', 'alice', '--scope', 'project:acme'], env);
    expect(alice).toMatchObject({ name: 'alice', actor: 'key:alice', trust: 'standard', scopes: ['project:acme'] });
    expect(alice.key).toMatch(/^engram_/);
    const outcomes: string[] = [];
    for (let i = 0; i < BURST + 2; i += 1) {
      const client = await connect(server.url, alice.key, `renamed-client-${i}`);
      const r = await store(client, `Acme fact number ${i} about the billing service`, 'project:acme');
      outcomes.push((r.structuredContent as { status?: string; code?: string }).code ?? String((r.structuredContent as { status?: string }).status));
      await client.close();
    }
    expect(outcomes.slice(0, BURST)).toEqual(Array(BURST).fill('approved'));
    expect(outcomes.slice(BURST)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const other = await connect(server.url, alice.key, 'alice');
    const denied = await store(other, 'Something for another project', 'project:other');
    expect(denied.isError).toBe(true);
    expect(JSON.stringify(denied.content)).toMatch(/project:other/);
    await other.close();
  });

  it('lets a trusted key write past the per-record limit (the bulk path) under its own actor', async () => {
    const bulk = await runCliJson(['keys', 'add', 'bulk', '--trust', 'trusted', '--actor', 'writer:conversation-importer'], env);
    const client = await connect(server.url, bulk.key, 'importer');
    for (let i = 0; i < BURST * 3; i += 1) {
      const r = await store(client, `Turn ${i}: the ${['alpha', 'bravo', 'charlie', 'delta', 'echo'][i % 5]} team owns shard ${i * 7} of the pipeline`);
      expect(r.structuredContent).toMatchObject({ status: 'approved' });
    }
    await client.close();
  });

  it('refuses unknown and revoked keys; lists keys without the secret', async () => {
    await expect(connect(server.url, 'engram_not-a-key', 'x')).rejects.toThrow(/401|Invalid API key/);
    const listed = await runCliJson(['keys', 'list'], env);
    expect(listed.keys.map((k: { name: string }) => k.name)).toEqual(['alice', 'bulk']);
    expect(JSON.stringify(listed)).not.toMatch(/"key"/);
    expect((await runCli(['keys', 'revoke', 'alice'], env)).code).toBe(0);
    expect((await runCliJson(['keys', 'list'], env)).keys.map((k: { name: string }) => k.name)).toEqual(['bulk']);
    expect((await runCli(['keys', 'revoke', 'alice'], env)).code).not.toBe(0);
  });
});
