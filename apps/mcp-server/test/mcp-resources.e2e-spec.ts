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

  it('issue 37 resources/read: a missing, foreign or malformed id answers -32002 (Resource not found)', async () => {
    const hidden = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'Project Eta uses port 9444', scope: 'project:eta' } })) as CallToolResult;
    const hiddenId = (hidden.structuredContent as { id: string }).id;
    for (const id of ['6a1c3a3e-0000-4000-8000-000000000000', hiddenId, 'not-an-id']) {
      await expect(client.readResource({ uri: `memory://${id}` })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining(`memory://${id}`) });
    }
  });

  it('issue 37 resources/list: the most recent memories the session sees, newest first, at most 20', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const stored = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: `Listed fact number ${i} about the release train` } })) as CallToolResult;
      ids.push((stored.structuredContent as { id: string }).id);
    }
    const foreign = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'Project Theta is private', scope: 'project:theta' } })) as CallToolResult;
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(20);
    expect(resources[0]).toMatchObject({ uri: `memory://${ids[20]}`, name: 'fact: Listed fact number 20 about the release train', mimeType: 'application/json' });
    expect(resources.map((r) => r.uri)).not.toContain(`memory://${(foreign.structuredContent as { id: string }).id}`);
    const read = await client.readResource({ uri: resources[0]!.uri });
    expect(JSON.parse(String((read.contents[0] as { text: string }).text))).toMatchObject({ id: ids[20] });
  });
});
