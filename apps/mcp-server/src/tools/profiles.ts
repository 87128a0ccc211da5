import type { ToolDefinition } from './tool-definition.js';
import { TOOLS } from './index.js';
import { CORE_TOOL_NAMES, type ToolProfile } from './profile-names.js';

export { CORE_TOOL_NAMES, TOOL_PROFILES, isToolProfile, type ToolProfile } from './profile-names.js';

/*
 * Tool profiles (ADR-0025). Every tool's name, description and schema is sent to the model on
 * every turn, so the default surface is the few tools a coding agent uses: store, recall, forget
 * and correct memories (plus the memory-context prompt, which costs nothing until invoked).
 * `full` serves every tool (PRD tracking, thinking chains, the TOC, validated retrieval, ...).
 * Measured sizes of tools/list per profile: docs/api.md "Tool profiles".
 */

/** The tools a server serves under `profile`, in the full list's order. */
export function toolsOf(profile: ToolProfile): readonly ToolDefinition<any>[] {
  return profile === 'full' ? TOOLS : TOOLS.filter((t) => CORE_TOOL_NAMES.includes(t.name));
}
