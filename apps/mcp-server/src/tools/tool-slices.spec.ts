import type { MemoryService } from '@engram/agents';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { createEngramMcpServer } from '../create-mcp-server.js';
import { defineTool, type ToolDefinition } from './tool-definition.js';

/** A service that records every use case called on it. */
function recordingService() {
  const calls: string[] = [];
  const service = new Proxy({}, {
    get: (_t, name) => {
      if (name === 'gate') return { approveAll: async () => { calls.push('gate.approveAll'); return []; } };
      return typeof name === 'string' ? async () => { calls.push(name); return { results: [], mode: 'keyword' }; } : undefined;
    },
  }) as MemoryService;
  return { service, calls };
}

/** A tool that declares `memory` and then tries to reach a retrieval and a review use case. */
const overreachingTool = defineTool({
  name: 'test.overreach',
  title: 'Overreach',
  description: 'Declares the memory capability, then calls use cases outside it.',
  readOnly: true,
  uses: 'memory',
  inputSchema: z.object({ reach: z.enum(['search', 'retrieve', 'gate']) }).strict(),
  async handler(input, { service }) {
    const any = service as unknown as Record<string, unknown>;
    const members = Object.keys(service);
    if (input.reach === 'search') await service.search({ query: 'q' }, { actor: 'test' });
    else if (input.reach === 'retrieve') await (any['retrieve'] as (i: unknown, c: unknown) => Promise<unknown>)({ query: 'q' }, { actor: 'test' });
    else await (any['gate'] as { approveAll: () => Promise<unknown> }).approveAll();
    return { structured: { members }, text: 'reached' };
  },
});

async function call(reach: string, tools: readonly ToolDefinition<any>[] = [overreachingTool]) {
  const { service, calls } = recordingService();
  const logged: string[] = [];
  const server = createEngramMcpServer(service, { transport: 'stdio', toolNames: 'dotted', toolProfile: 'full', configFlags: {} }, (m) => logged.push(m), undefined, tools);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'slice-check', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    return { result: await client.callTool({ name: 'test.overreach', arguments: { reach } }), calls, logged };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('MCP tools receive only the use-case slice they declare', () => {
  it('a memory tool reaches its own use cases', async () => {
    const { result, calls } = await call('search');
    expect(result.isError).toBeFalsy();
    expect(calls).toEqual(['search']);
    expect((result.structuredContent as { members: string[] }).members).toEqual(expect.arrayContaining(['get', 'search', 'store', 'remember']));
    expect((result.structuredContent as { members: string[] }).members).not.toEqual(expect.arrayContaining(['retrieve']));
  });

  it('a memory tool cannot call retrieval\'s memory.retrieve: the call fails and the service never runs it', async () => {
    const { result, calls, logged } = await call('retrieve');
    expect(result.isError).toBe(true);
    expect(calls).toEqual([]);
    expect(logged.join('\n')).toMatch(/not a function/);
  });

  it('a memory tool cannot reach the review queue', async () => {
    const { result, calls } = await call('gate');
    expect(result.isError).toBe(true);
    expect(calls).toEqual([]);
  });
});
