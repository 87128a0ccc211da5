import type { MemoryService } from '@engram/agents';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { ToolProfile } from './profiles.js';
import { CORE_TOOL_NAMES } from './profiles.js';
import { TOOLS } from './index.js';

/** A service whose every use case fails loudly: the call below must reach a tool handler, not "unknown tool". */
const failingService = new Proxy({}, { get: () => { throw new Error('reached the service'); } }) as MemoryService;

async function withClient<T>(profile: ToolProfile, fn: (client: Client) => Promise<T>, log: (msg: string) => void = () => undefined): Promise<T> {
  const server = createEngramMcpServer(failingService, { transport: 'stdio', toolNames: 'dotted', toolProfile: profile, configFlags: {} }, log);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'profile-check', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return await fn(client);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('tool profiles: what tools/list shows and what stays callable', () => {
  it('core lists only the core tools; full lists them all', async () => {
    expect((await withClient('core', (c) => c.listTools())).tools.map((t) => t.name).sort()).toEqual([...CORE_TOOL_NAMES].sort());
    expect((await withClient('full', (c) => c.listTools())).tools).toHaveLength(TOOLS.length);
  });

  it('an unlisted tool is still served by name under core (its handler runs, no "tool not found")', async () => {
    const logged: string[] = [];
    const result = await withClient('core', (c) => c.callTool({ name: 'memory.get', arguments: { id: '00000000-0000-4000-8000-000000000000' } }), (msg) => logged.push(msg));
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/not found|disabled/i);
    expect(result.isError).toBe(true);
    expect(logged).toEqual([expect.stringMatching(/^tool failed: Error: reached the service/)]);
  });

  it('an unknown tool is still refused under core', async () => {
    const result = await withClient('core', (c) => c.callTool({ name: 'memory.nope', arguments: {} }).catch((err: unknown) => ({ isError: true, err: String(err) })));
    expect(JSON.stringify(result)).toMatch(/memory\.nope/);
  });
});
