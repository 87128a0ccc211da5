import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

type ListHandler = (request: unknown, extra: unknown) => Promise<{ tools: Array<{ name: string }> }>;

/**
 * Narrows what `tools/list` shows to `listed` while every registered tool stays callable by name.
 * A profile exists to save the model's context (every listed tool's schema is sent on every turn);
 * it must not break a client or script that already calls `memory.store` or `memory.search`, so the
 * unlisted tools answer exactly as under the `full` profile.
 * @NOTE the SDK's McpServer builds its list handler internally and offers no filter hook, so we wrap
 * the handler it registered; `listed-tools.spec.ts` fails if the SDK stops keeping it there.
 */
export function listOnly(server: McpServer, listed: ReadonlySet<string>): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, ListHandler> })._requestHandlers;
  const list = handlers?.get('tools/list');
  if (!handlers || !list) throw new Error('the MCP SDK no longer keeps its tools/list handler where engram expects it');
  handlers.set('tools/list', async (request, extra) => {
    const result = await list(request, extra);
    return { ...result, tools: result.tools.filter((tool) => listed.has(tool.name)) };
  });
}
