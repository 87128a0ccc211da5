import type { CallContext, MemoryUseCases } from '@engram/agents';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { recordView } from '../tools/render.js';

/** How many of the caller's most recent memories id completion looks at. */
const COMPLETION_WINDOW = 500;
const ID = /^[0-9a-f-]{1,36}$/i;

/**
 * `memory://{id}` (issue 18): every citation URL engram hands out resolves through
 * `resources/read` to the record as JSON, with the caller's scopes (a memory outside them is
 * "not found", as for memory.get). Completion offers ids of the caller's visible memories (the
 * most recent {@link COMPLETION_WINDOW}) that start with the typed prefix.
 */
export function registerMemoryResources(server: McpServer, service: MemoryUseCases, ctxOf: () => CallContext): void {
  const template = new ResourceTemplate('memory://{id}', {
    list: undefined,
    complete: {
      id: async (prefix) => {
        if (prefix !== '' && !ID.test(prefix)) return [];
        const page = await service.list({ limit: COMPLETION_WINDOW }, ctxOf());
        return page.items.map((r) => r.id).filter((id) => id.startsWith(prefix.toLowerCase())).slice(0, 100);
      },
    },
  });
  server.registerResource('memory', template, {
    title: 'A memory record',
    description: 'One engram memory by id (the memory:// URLs in citations), as JSON.',
    mimeType: 'application/json',
  }, async (uri, variables) => {
    const id = String(variables.id ?? '');
    const record = await service.get(id, ctxOf());
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(recordView(record)) }] };
  });
}
