/*
 * Tool profiles (ADR-0025) by name only. Kept apart from `profiles.ts`, which imports every tool
 * definition: parsing the server options needs the names, not the tools (and the options spec then
 * does not load the tool files, so a mutant of a tool schema does not have to run it).
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
