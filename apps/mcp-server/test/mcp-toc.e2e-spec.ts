import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, childEnv, mcpMain, tempHome } from '../../../tools/test/app-process.js';

/*
 * The conversation TOC over MCP with the official SDK client: events go in through events.ingest,
 * the server's build-toc job summarises them, and the query tools and the memory-context prompt
 * read them back, per project.
 */
beforeAll(() => buildApp('mcp-server'));

const at = (day: number, h: number, m: number) => new Date(Date.UTC(2026, 1, day, h, m)).toISOString();
const EVENTS = [
  { session_id: 's1', ts: at(10, 9, 0), kind: 'user_message', text: 'Plan the migration of the invoices service to Postgres.' },
  { session_id: 's1', ts: at(10, 9, 2), kind: 'assistant_message', text: 'First step: export the invoices tables with pg_dump.' },
  { session_id: 's1', ts: at(10, 9, 4), kind: 'tool_result', text: 'pg_dump wrote 17 invoices tables.' },
  { session_id: 's2', ts: at(11, 14, 0), kind: 'user_message', text: 'Add a zebra-striped table to the admin dashboard.' },
];

describe.each(processBackends)('MCP conversation TOC ($name)', (backend) => {
  const home = tempHome();
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const data = (r: CallToolResult) => r.structuredContent as Record<string, any>;

  beforeAll(async () => {
    const env = { ...(await backend.env()), ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    client = new Client({ name: 'engram-e2e-toc', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio', '--project', 'toc-e2e'], env: childEnv(env), stderr: 'pipe' }));
    expect((await call('events.ingest', { events: EVENTS })).isError).toBeFalsy();
    await call('events.ingest', { events: [{ session_id: 'x', ts: at(10, 10, 0), kind: 'user_message', text: 'Secret okapi plans.', project: 'project:other' }] });
    // The server's build-toc job picks the outbox up (at start and every few seconds). It commits
    // days, then the week, the month and the year as separate units, so wait for the year too:
    // the days alone can be visible while the rollups above them are still being built.
    for (let i = 0; i < 120; i++) {
      const days = data(await call('toc.browse', { parent_id: 'week:2026-02-W07' })).children as unknown[];
      const years = data(await call('toc.root', {})).children as unknown[];
      if (days.length === 2 && years.length === 1) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  afterAll(async () => {
    await client?.close();
    home.remove();
  });

  it('navigates Year > Month > Week > Day > Segment', async () => {
    expect(data(await call('toc.root', {})).children.map((c: any) => c.node_id)).toEqual(['year:2026']);
    expect(data(await call('toc.browse', { parent_id: 'year:2026' })).children.map((c: any) => c.node_id)).toEqual(['month:2026-02']);
    const week = data(await call('toc.browse', { parent_id: 'month:2026-02' })).children.map((c: any) => c.node_id);
    expect(week).toEqual(['week:2026-02-W07']);
    const page1 = data(await call('toc.browse', { parent_id: week[0], limit: 1 }));
    expect(page1.children.map((c: any) => c.node_id)).toEqual(['day:2026-02-10']);
    const page2 = data(await call('toc.browse', { parent_id: week[0], limit: 1, cursor: page1.next_cursor }));
    expect(page2).toMatchObject({ children: [{ node_id: 'day:2026-02-11' }], next_cursor: null });
  });

  it('opens a node with its bullets, grips and children, and expands a grip into events', async () => {
    const day = data(await call('toc.node', { node_id: 'day:2026-02-10' }));
    expect(day.node).toMatchObject({ level: 'day', version: 1, event_count: 3, summariser: 'extractive' });
    expect(day.node.keywords).toContain('invoices');
    expect(day.children.children).toHaveLength(1);
    const segment = data(await call('toc.node', { node_id: day.children.children[0].node_id }));
    // One segment: the day carries its bullets (issue 37: bullets at every level) and a title of its
    // own, never the segment's title again.
    expect(day.node.bullets.map((b: any) => b.text)).toEqual(segment.node.bullets.map((b: any) => b.text));
    expect(day.node.title.startsWith('Tue 10 Feb 2026')).toBe(true);
    expect(day.node.title).not.toContain(segment.node.title);
    const gripId = segment.node.bullets.flatMap((b: any) => b.grip_ids)[0];
    expect(segment.grips.map((g: any) => g.grip_id)).toContain(gripId);
    const expanded = data(await call('grip.expand', { grip_id: gripId, before: 5, after: 5 }));
    expect(expanded.events.map((e: any) => e.text)).toEqual(EVENTS.map((e) => e.text));
    // The last event is another session, a day later: marked.
    expect(expanded.events.map((e: any) => e.new_session)).toEqual([false, false, false, true]);
    const own = data(await call('events.range', { node_id: segment.node.node_id }));
    expect(own.events).toHaveLength(3); // its last event included
    const range = data(await call('events.range', { from: at(11, 0, 0), limit: 10 }));
    expect(range.events.map((e: any) => e.text)).toEqual([EVENTS[3]?.text]);
  });

  it('searches nodes and grips of this project only', async () => {
    const hits = data(await call('toc.search', { query: 'zebra dashboard' })).hits as any[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => !/okapi/i.test(h.text))).toBe(true);
    expect(data(await call('toc.search', { query: 'okapi' })).hits).toEqual([]);
    expect(data(await call('toc.search', { query: 'okapi', scope: 'project:other' })).hits.length).toBeGreaterThan(0);
  });

  it('serves the memory-context prompt byte-identically while memory is unchanged', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain('memory-context');
    const one = await client.getPrompt({ name: 'memory-context', arguments: { max_tokens: '1500' } });
    const two = await client.getPrompt({ name: 'memory-context', arguments: { max_tokens: '1500' } });
    const text = (one.messages[0]?.content as { text: string }).text;
    expect((two.messages[0]?.content as { text: string }).text).toBe(text);
    expect(text).toMatch(/^# Memory context: project:toc-e2e\n/);
    expect(text).toContain('zebra');
    expect(text).not.toContain('okapi');
  });

  it('answers bad input with clear, coded errors', async () => {
    const unknown = await call('toc.node', { node_id: 'day:1999-01-01' });
    expect(unknown.isError).toBe(true);
    expect(data(unknown)).toMatchObject({ code: 'TOC_NODE_NOT_FOUND', remedy: 'check-id' });
    expect(data(await call('toc.node', { node_id: 'decade:2020' }))).toMatchObject({ code: 'INVALID_TOC_QUERY' });
    expect(data(await call('toc.browse', { parent_id: 'year:2026', cursor: 'forged' }))).toMatchObject({ code: 'INVALID_TOC_QUERY' });
    expect(data(await call('grip.expand', { grip_id: 'grip:nope' }))).toMatchObject({ code: 'GRIP_NOT_FOUND' });
    const extra = await client.callTool({ name: 'toc.root', arguments: { bogus: 1 } }).then((r) => (r as CallToolResult).isError === true, () => true);
    expect(extra).toBe(true);
    await expect(client.getPrompt({ name: 'memory-context', arguments: { max_tokens: 'lots' } })).rejects.toThrow(/max_tokens/);
  });
});
