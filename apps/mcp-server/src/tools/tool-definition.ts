import type { CallContext, MemoryService, ProgressListener } from '@engram/agents';
import type { z } from 'zod';

/** What a tool handler gets besides its arguments. */
export interface ToolEnv {
  service: MemoryService;
  ctx: CallContext;
  /** Set when the client sent a progressToken: long tools report through it (tool-progress.ts). */
  onProgress?: ProgressListener;
}

/** A tool's answer: structured content plus the text rendering every client can show. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  text: string;
  /** A refused write (gate rejection): reported as a tool error so the agent notices. */
  isError?: boolean;
}

/** One MCP tool: strict zod input schema, description and a thin handler calling the agents service. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  /** The seed name (dotted); `toolName()` derives the underscore variant. */
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  readOnly: boolean;
  handler(input: z.infer<S>, env: ToolEnv): Promise<ToolAnswer>;
}

/** Helper keeping the schema and handler types tied together. */
export function defineTool<S extends z.ZodObject>(def: ToolDefinition<S>): ToolDefinition<S> {
  return def;
}
