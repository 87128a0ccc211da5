import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, childEnv, mcpMain, tempHome } from '../../../tools/test/app-process.js';

beforeAll(() => buildApp('mcp-server'));

const event = (n: number, extra: Record<string, unknown> = {}) => ({
  session_id: 'mcp-s1', ts: new Date(Date.UTC(2026, 0, 10, 9, n)).toISOString(), kind: 'user_message', text: `message ${n}`, ...extra,
});

describe.each(processBackends)('MCP events.ingest ($name)', (backend) => {
  const home = tempHome();
  let client: Client;
  const ingest = async (events: unknown[]) => (await client.callTool({ name: 'events.ingest', arguments: { events } })) as CallToolResult;
  // A schema violation is refused either as an isError result or as a JSON-RPC error; both count, success does not.
  const refused = async (args: Record<string, unknown>) =>
    client.callTool({ name: 'events.ingest', arguments: args }).then((r) => (r as CallToolResult).isError === true, () => true);

  beforeAll(async () => {
    const env = { ...(await backend.env()), ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    client = new Client({ name: 'engram-e2e-events', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio', '--project', 'events-e2e'], env: childEnv(env), stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client?.close();
    home.remove();
  });

  it('ingests a batch with source timestamps and counts a redelivery as duplicates', async () => {
    const batch = [event(3), event(1, { event_id: 'given-id', role: 'user', metadata: { source: 'e2e' } }), event(2, { kind: 'tool_result', agent: 'gemini-cli' })];
    const first = await ingest(batch);
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ inserted: 3, duplicates: 0 });
    const ids = (first.structuredContent as { event_ids: string[] }).event_ids;
    expect(ids[1]).toBe('given-id');
    expect(ids[0]).toMatch(/^[^:]+:[0-9a-f]{32}$/); // derived: <agent>:<hash>
    const again = await ingest(batch);
    expect(again.structuredContent).toMatchObject({ inserted: 0, duplicates: 3, event_ids: ids });
    expect((again.content[0] as { text: string }).text).toBe('ingested 0 event(s), 3 duplicate(s)');
  });

  it('refuses bad input with a clear error and writes nothing of the batch', async () => {
    const good = event(30, { event_id: 'only-if-batch-ok' });
    expect(await refused({ events: [good, { ...event(31), ts: 'last tuesday' }] })).toBe(true);
    expect(await refused({ events: [good, { ...event(32), kind: 'shout' }] })).toBe(true);
    expect(await refused({ events: [good, { ...event(33), sessionId: 'camelCase key' }] })).toBe(true);
    expect(await refused({ events: [] })).toBe(true);
    expect(await refused({ events: [good], extra: true })).toBe(true);
    const bad = await ingest([good, { ...event(34), project: 'not-a-scope' }]);
    expect(bad.isError).toBe(true);
    // Had any refused batch written its good event, this would be a duplicate.
    expect((await ingest([good])).structuredContent).toMatchObject({ inserted: 1, duplicates: 0 });
  });
});
