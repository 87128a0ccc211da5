import { forgetTool } from './forget.tool.js';
import { memoryGetTool } from './memory-get.tool.js';
import { memoryListTool } from './memory-list.tool.js';
import { memorySearchTool } from './memory-search.tool.js';
import { memoryStoreTool } from './memory-store.tool.js';
import { recallTool } from './recall.tool.js';
import { rememberTool } from './remember.tool.js';
import type { ToolDefinition } from './tool-definition.js';

/** Every MCP tool this server exposes (one file each). */
export const TOOLS: readonly ToolDefinition<any>[] = [
  memoryStoreTool, memoryGetTool, memoryListTool, memorySearchTool, rememberTool, recallTool, forgetTool,
];

/** The wire name of a tool: the seed's dotted name, or `memory_store` style for clients that reject dots. */
export function toolName(name: string, style: 'dotted' | 'underscore'): string {
  return style === 'underscore' ? name.replace(/\./g, '_') : name;
}
