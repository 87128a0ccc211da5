import { sliceFor, useCaseSlices, type MemoryService } from '@engram/agents';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toToolError } from './errors/to-tool-error.js';
import { callContextOf, localIdentity, type CallerIdentity } from './identity/caller-identity.js';
import { registerMemoryResources } from './resources/memory-resource.js';
import { MEMORY_CONTEXT_PROMPT, memoryContextArgs, memoryContextPrompt } from './prompts/memory-context.prompt.js';
import type { McpServerOptions } from './server-options.js';
import { TOOLS, toolName } from './tools/index.js';
import type { ToolDefinition } from './tools/tool-definition.js';
import { progressListenerOf, type ProgressCarrier } from './tools/tool-progress.js';
import { screenArguments } from './tools/screen-arguments.js';
import { listOnly } from './tools/listed-tools.js';
import { toolsOf } from './tools/profiles.js';

/** Version reported in the MCP handshake. */
export const ENGRAM_MCP_VERSION = '0.1.0';

/**
 * One MCP server (name `engram`) with every tool registered and the configured profile's tools
 * listed (the others stay callable by name). A server serves one transport: stdio builds one,
 * Streamable HTTP one per session.
 */
export function createEngramMcpServer(
  service: MemoryService, options: McpServerOptions, log: (m: string) => void, identity: CallerIdentity = localIdentity(),
  tools: readonly ToolDefinition<any>[] = TOOLS,
): McpServer {
  const server = new McpServer(
    { name: 'engram', version: ENGRAM_MCP_VERSION },
    {
      instructions: 'engram is long-term memory. Use recall before answering from past context; remember what should outlive this session.',
      // logging/setLevel is answered by the SDK once the capability is declared (MCP 2025-11-25).
      capabilities: { logging: {} },
    },
  );
  // Each tool, the resources and the prompt get only the use cases they declare (ADR-0037): a frozen
  // slice holding nothing else, so a handler cannot reach another capability even through a cast.
  const slices = useCaseSlices(service);
  for (const tool of tools) {
    const uses = sliceFor(slices, tool.uses);
    server.registerTool(
      toolName(tool.name, options.toolNames),
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: tool.readOnly, destructiveHint: tool.name === 'forget', openWorldHint: false },
      },
      async (args: unknown, extra: ProgressCarrier) => {
        try {
          const screened = await screenArguments(tool, args);
          const onProgress = progressListenerOf(extra);
          // The actor comes from the credential (ADR-0027), not from the client's self-declared name.
          const answer = await tool.handler(screened, { service: uses, ctx: callContextOf(identity, options.sessionScope), ...(onProgress ? { onProgress } : {}) });
          return { content: [{ type: 'text' as const, text: answer.text }], structuredContent: answer.structured, ...(answer.isError ? { isError: true } : {}) };
        } catch (err) {
          return toToolError(err, log);
        }
      },
    );
  }
  if (options.toolProfile !== 'full') {
    listOnly(server, new Set(toolsOf(options.toolProfile).map((t) => toolName(t.name, options.toolNames))));
  }
  registerMemoryResources(server, slices.memory, () => callContextOf(identity, options.sessionScope));
  server.registerPrompt(
    MEMORY_CONTEXT_PROMPT,
    {
      title: 'Memory context: what we were doing',
      description: 'The latest conversation summaries of this project (month, week, day, recent segments) within a token budget; stable while memory is unchanged.',
      argsSchema: memoryContextArgs,
    },
    (args) => memoryContextPrompt(slices.conversation, callContextOf(identity, options.sessionScope), args),
  );
  return server;
}
