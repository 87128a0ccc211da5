// memory:// resources (issue 18): the URLs engram cites resolve through resources/read, the
// memory://{id} template is listed, and ids complete by prefix within the caller's scopes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

beforeAll(() => buildApp('mcp-server'));

describe('MCP memory:// resources', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` });
    client = new Client({ name: 'resources', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('reads a cited memory:// URL, completes ids by prefix, and keeps other scopes out', async () => {
    const stored = (await client.callTool({ name: 'memory.store', arguments: { type: 'decision', content: 'We keep backups for 35 days' } })) as CallToolResult;
    const id = (stored.structuredContent as { id: string }).id;
    const hidden = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'Project Zeta uses port 9443', scope: 'project:zeta' } })) as CallToolResult;
    const hiddenId = (hidden.structuredContent as { id: string }).id;
    const recalled = (await client.callTool({ name: 'recall', arguments: { query: 'backups days' } })) as CallToolResult;
    expect(JSON.stringify(recalled.structuredContent)).toContain(`memory://${id}`);

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('memory://{id}');
    const read = await client.readResource({ uri: `memory://${id}` });
    expect(JSON.parse(String((read.contents[0] as { text: string }).text))).toMatchObject({ id, content: 'We keep backups for 35 days', type: 'decision' });
    await expect(client.readResource({ uri: `memory://${hiddenId}` })).rejects.toThrow(/not found|RECORD_NOT_FOUND|not visible/i);

    const completion = await client.complete({ ref: { type: 'ref/resource', uri: 'memory://{id}' }, argument: { name: 'id', value: id.slice(0, 4) } });
    expect(completion.completion.values).toContain(id);
    expect(completion.completion.values).not.toContain(hiddenId);
  });
});
