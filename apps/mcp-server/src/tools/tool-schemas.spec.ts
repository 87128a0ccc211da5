import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MemoryService } from '@engram/agents';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { openObjects } from '../../../../tools/test/open-objects.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import { memorySupersedeTool } from './memory-supersede.tool.js';
import { TOOLS } from './index.js';

/**
 * Free-form maps a tool accepts by design (user data: metadata, a PRD event's detail), by JSON
 * pointer. Anything else that accepts undeclared keys fails the closed-schema check.
 */
const FREE_FORM_MAPS: Record<string, readonly string[]> = {
  'memory.store': ['/properties/metadata'],
  remember: ['/properties/metadata'],
  'memory.update': ['/properties/metadata'],
  'memory.supersede': ['/properties/replacement/properties/metadata'],
  prd_event: ['/properties/detail'],
  start_thinking: ['/properties/metadata'],
  'events.ingest': ['/properties/events/items/properties/metadata'],
  'memory.store_batch': ['/properties/records/items/properties/metadata'],
};

/**
 * The committed contract: every tool as tools/list shows it (name, title, description, JSON input
 * schema, annotations). Clients and models see exactly this; a change to it must be deliberate.
 * Regenerate on purpose with `npm run mcp:tools-golden` and review the diff.
 */
const GOLDEN = fileURLToPath(new URL('./tools-list.golden.json', import.meta.url));
const WRITE_GOLDEN = process.env.ENGRAM_WRITE_TOOLS_GOLDEN === '1';

/** Listing tools never reaches the service: only the SDK's tools/list and the schema conversion run. */
const unusedService = {} as MemoryService;

async function listedTools() {
  const server = createEngramMcpServer(unusedService, { transport: 'stdio', toolNames: 'dotted', toolProfile: 'full', configFlags: {} }, () => undefined);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'schema-check', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await server.close();
  }
}

describe('MCP tool input schemas as clients see them (tools/list)', () => {
  it('lists every tool', async () => {
    expect((await listedTools()).map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
  });

  it('lists exactly the committed contract: names, descriptions, JSON schemas, hints (tools-list.golden.json)', async () => {
    const listed = JSON.parse(JSON.stringify(await listedTools())) as unknown;
    if (WRITE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(listed, null, 2)}\n`);
    expect(listed).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });

  it('closes every object at every nesting level; free-form maps only where listed (issue 22)', async () => {
    const tools = await listedTools();
    expect(tools.length).toBeGreaterThan(30);
    for (const tool of tools) {
      expect({ tool: tool.name, open: openObjects(tool.inputSchema, FREE_FORM_MAPS[tool.name] ?? []) }).toEqual({ tool: tool.name, open: [] });
    }
  });

  it('checks nested objects, not only the top level (the check itself can fail)', () => {
    const nestedOpen = { type: 'object', additionalProperties: false, properties: { replacement: { type: 'object', properties: { content: { type: 'string' } } } } };
    expect(openObjects(nestedOpen)).toEqual(['/properties/replacement']);
    const inArray = { type: 'object', additionalProperties: false, properties: { events: { type: 'array', items: { type: 'object', properties: { a: {} } } } } };
    expect(openObjects(inArray)).toEqual(['/properties/events/items']);
    const inUnion = { anyOf: [{ type: 'object', properties: { a: {} }, additionalProperties: false }, { type: 'object', properties: { b: {} } }] };
    expect(openObjects(inUnion)).toEqual(['/anyOf/1']);
    expect(openObjects({ type: 'object', additionalProperties: {} })).toEqual(['/']);
    expect(openObjects({ type: 'object', additionalProperties: {} }, ['/'])).toEqual([]);
  });
});

describe('memory.supersede replacement (issue 22 bug 5)', () => {
  const id = '018f6b1e-8a4e-7cc0-9b1a-2f3c4d5e6f70';

  it('rejects unknown keys inside replacement instead of dropping them', () => {
    const parsed = memorySupersedeTool.inputSchema.safeParse({ id, replacement: { content: 'new text', scope: 'global' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['scope'], path: ['replacement'] })]);
  });

  it('accepts a well-formed replacement unchanged', () => {
    const input = { id, replacement: { content: 'new text', type: 'decision', tags: ['a'], metadata: { k: 1 } }, reason: 'revised' };
    expect(memorySupersedeTool.inputSchema.parse(input)).toEqual(input);
  });
});
