import type { ToolDefinition } from './tool-definition.js';
import { TOOLS } from './index.js';

/*
 * Tool profiles (ADR-0025). Every tool's name, description and schema is sent to the model on
 * every turn, so the default surface is the few tools a coding agent uses: store, recall, forget
 * and correct memories (plus the memory-context prompt, which costs nothing until invoked).
 * `full` serves every tool (PRD tracking, thinking chains, the TOC, validated retrieval, ...).
 * Measured sizes of tools/list per profile: docs/api.md "Tool profiles".
 */
export const TOOL_PROFILES = ['core', 'full'] as const;
export type ToolProfile = (typeof TOOL_PROFILES)[number];

/** The tools of the `core` profile, by seed name. */
export const CORE_TOOL_NAMES: readonly string[] = [
  'remember', 'recall', 'forget', 'memory.update', 'memory.supersede', 'memory.invalidate',
];

export function isToolProfile(value: string): value is ToolProfile {
  return (TOOL_PROFILES as readonly string[]).includes(value);
}

/** The tools a server serves under `profile`, in the full list's order. */
export function toolsOf(profile: ToolProfile): readonly ToolDefinition<any>[] {
  return profile === 'full' ? TOOLS : TOOLS.filter((t) => CORE_TOOL_NAMES.includes(t.name));
}
