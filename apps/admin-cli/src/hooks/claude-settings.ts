/*
 * Merging engram's hook entries into a Claude Code settings.json (`engram hooks install`). Pure
 * functions over the parsed JSON: the user's other settings and hooks are never touched, a second
 * install changes nothing, uninstall removes only entries whose command runs `engram hook`.
 */

/** The Claude Code events engram records (seed 002 HOOK-03). */
export const CLAUDE_HOOK_EVENTS = [
  'SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SubagentStop', 'PreCompact', 'SessionEnd',
] as const;

/** Events whose groups take a tool matcher. */
const TOOL_EVENTS = new Set(['PreToolUse', 'PostToolUse']);
/** Seconds Claude Code waits for the hook; engram answers in well under one, and spools on trouble. */
export const HOOK_TIMEOUT_S = 10;

type Json = Record<string, unknown>;
interface HookCommand { type?: unknown; command?: unknown; [k: string]: unknown }
interface HookGroup { matcher?: unknown; hooks?: unknown; [k: string]: unknown }

/** True for a hook entry that runs engram's hook (any install path, quoted or not). */
export function isEngramHook(h: HookCommand): boolean {
  return typeof h.command === 'string' && /(^|[/\s"'])engram["']?\s+hook(\s|$)/.test(h.command);
}

function groupsOf(hooks: Json, event: string): HookGroup[] {
  const v = hooks[event];
  return Array.isArray(v) ? (v as HookGroup[]) : [];
}

function withoutEngram(groups: HookGroup[]): HookGroup[] {
  return groups
    .map((g) => (Array.isArray(g.hooks) ? { ...g, hooks: (g.hooks as HookCommand[]).filter((h) => !isEngramHook(h)) } : g))
    .filter((g) => !Array.isArray(g.hooks) || g.hooks.length > 0);
}

function engramGroup(event: string, command: string): HookGroup {
  return { ...(TOOL_EVENTS.has(event) ? { matcher: '*' } : {}), hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_S }] };
}

function alreadyInstalled(groups: HookGroup[], command: string): boolean {
  const mine = groups.flatMap((g) => (Array.isArray(g.hooks) ? (g.hooks as HookCommand[]) : [])).filter(isEngramHook);
  return mine.length === 1 && mine[0]!.command === command;
}

/** The settings with engram's hook on every recorded event (replacing an older engram entry). */
export function installHooks(settings: Json, command: string): Json {
  const hooks: Json = { ...((settings['hooks'] as Json | undefined) ?? {}) };
  for (const event of CLAUDE_HOOK_EVENTS) {
    const groups = groupsOf(hooks, event);
    if (alreadyInstalled(groups, command)) continue;
    hooks[event] = [...withoutEngram(groups), engramGroup(event, command)];
  }
  return { ...settings, hooks };
}

/** The settings without any engram hook entry; events left empty are removed, other hooks kept. */
export function uninstallHooks(settings: Json): Json {
  const current = settings['hooks'] as Json | undefined;
  if (!current || typeof current !== 'object') return settings;
  const hooks: Json = {};
  for (const [event, value] of Object.entries(current)) {
    if (!Array.isArray(value)) {
      hooks[event] = value;
      continue;
    }
    const kept = withoutEngram(value as HookGroup[]);
    if (kept.length > 0) hooks[event] = kept;
  }
  const { hooks: _drop, ...rest } = settings;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/** A minimal line diff (LCS) of two texts, `-`/`+` marked, unchanged lines with two spaces. */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`);
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push(`- ${a[i++]}`); // removals first, as diff(1) prints them
    } else {
      out.push(`+ ${b[j++]}`);
    }
  }
  return out;
}

/** The changed lines of a diff with `context` unchanged lines around each change. */
export function changedHunks(diff: string[], context = 2): string[] {
  const keep = new Set<number>();
  diff.forEach((line, k) => {
    if (!line.startsWith('  ')) for (let c = k - context; c <= k + context; c++) keep.add(c);
  });
  const out: string[] = [];
  let last = -2;
  diff.forEach((line, k) => {
    if (!keep.has(k)) return;
    if (k !== last + 1 && out.length) out.push('  …');
    out.push(line);
    last = k;
  });
  return out;
}
