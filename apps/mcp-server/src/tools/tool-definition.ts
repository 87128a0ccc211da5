import type { CallContext, Capability, ProgressListener, UseCases } from '@engram/agents';
import type { z } from 'zod';

/** What a tool handler gets besides its arguments: the use cases of the one capability it declared. */
export interface ToolEnv<C extends Capability = Capability> {
  service: UseCases[C];
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
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject, C extends Capability = Capability> {
  /** The seed name (dotted); `toolName()` derives the underscore variant. */
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  readOnly: boolean;
  /** The one capability the handler uses (ADR-0037): its env's `service` has only those use cases. */
  uses: C;
  handler(input: z.infer<S>, env: ToolEnv<C>): Promise<ToolAnswer>;
}

/** Helper keeping the schema and handler types tied together. */
export function defineTool<S extends z.ZodObject, C extends Capability>(def: ToolDefinition<S, C>): ToolDefinition<S, C> {
  return def;
}
