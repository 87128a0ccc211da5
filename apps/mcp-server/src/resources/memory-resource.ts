import type { CallContext, MemoryUseCases } from '@engram/agents';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { recordView } from '../tools/render.js';

/** How many of the caller's most recent memories id completion looks at. */
const COMPLETION_WINDOW = 500;
/** How many of the caller's most recent memories `resources/list` names (a client that browses sees these). */
export const LISTED_MEMORIES = 20;
const ID = /^[0-9a-f-]{1,36}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** MCP's "Resource not found" (specification 2025-11-25, server/resources: error handling). */
export const RESOURCE_NOT_FOUND = -32002;
const NAME_CHARS = 80;

const notFound = (uri: string) => new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
const isNotFound = (err: unknown) => (err as { code?: unknown } | null)?.code === 'RECORD_NOT_FOUND';

/**
 * `memory://{id}` (issue 18): every citation URL engram hands out resolves through
 * `resources/read` to the record as JSON, with the caller's scopes (a memory outside them is
 * "not found", as for memory.get). Completion offers ids of the caller's visible memories (the
 * most recent {@link COMPLETION_WINDOW}) that start with the typed prefix. `resources/list` names
 * the {@link LISTED_MEMORIES} most recent memories the caller sees (global plus the session's
 * scope), newest first; a missing, foreign or malformed id is -32002 (issue 37).
 */
export function registerMemoryResources(server: McpServer, service: MemoryUseCases, ctxOf: () => CallContext): void {
  const template = new ResourceTemplate('memory://{id}', {
    list: async () => {
      const page = await service.list({ limit: LISTED_MEMORIES }, ctxOf());
      return {
        resources: page.items.map((r) => ({
          uri: `memory://${r.id}`,
          name: `${r.type}: ${r.content.replace(/\s+/g, ' ').slice(0, NAME_CHARS)}`,
          description: `${r.type} in ${r.scope}, created ${r.createdAt.toISOString()}`,
          mimeType: 'application/json',
        })),
      };
    },
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
    if (!UUID.test(id)) throw notFound(uri.href);
    const record = await service.get(id, ctxOf()).catch((err: unknown) => {
      throw isNotFound(err) ? notFound(uri.href) : err;
    });
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(recordView(record)) }] };
  });
}
