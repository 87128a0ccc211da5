import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemoryService } from '@engram/agents';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { ToolProfile } from './profiles.js';

/*
 * Issue 37: README's tools/list sizes were stale (9,541 / 49,469 against 9,845 / 55,794 measured).
 * The figures README.md and docs/api.md print are measured here, through the official SDK client,
 * as `JSON.stringify` of the tools/list result: a description change that moves them fails this
 * test with the numbers to write.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const unusedService = {} as MemoryService;

async function listedCharacters(profile: ToolProfile): Promise<{ tools: number; prompts: number; count: number }> {
  const server = createEngramMcpServer(unusedService, { transport: 'stdio', toolNames: 'dotted', toolProfile: profile, configFlags: {} }, () => undefined);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'size-check', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const tools = await client.listTools();
    const prompts = await client.listPrompts();
    return { tools: JSON.stringify(tools).length, prompts: JSON.stringify(prompts).length, count: tools.tools.length };
  } finally {
    await client.close();
    await server.close();
  }
}

const grouped = (n: number) => n.toLocaleString('en-US');

describe('tools/list sizes in the docs (issue 37)', () => {
  it('issue 37 README and docs/api.md state the measured tools/list and prompts/list sizes', async () => {
    const core = await listedCharacters('core');
    const full = await listedCharacters('full');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const api = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
    expect(readme).toContain(`\`tools/list\` is ${grouped(core.tools)} characters (about ${grouped(Math.round(core.tools / 4 / 10) * 10)} tokens, on every turn) instead\nof ${grouped(full.tools)} for all ${full.count} tools.`);
    expect(api).toContain(`| ${grouped(core.tools)} | ${grouped(Math.round(core.tools / 4 / 10) * 10)} |`);
    expect(api).toContain(`| \`full\` | all ${full.count} below | ${grouped(full.tools)} | ${grouped(Math.round(full.tools / 4 / 10) * 10)} |`);
    expect(api).toContain(`(${grouped(core.prompts)} characters in \`prompts/list\`)`);
  });
});
