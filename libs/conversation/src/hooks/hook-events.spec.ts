import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HookIo } from './hook-adapter.js';
import { MalformedHookPayloadError, UnknownHookEventError } from './hook-errors.js';
import { mapHookPayload, parseHookInput } from './hook-events.js';
import { projectScopeFor, repositoryRoot } from './project-scope.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
let root: string;
let repo: string;
const noFiles: HookIo = { readTail: () => undefined };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'engram-hook-spec-'));
  repo = path.join(root, 'acme');
  mkdirSync(path.join(repo, '.git'), { recursive: true });
  mkdirSync(path.join(repo, 'src', 'deep'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function claude(hook: string, extra: Record<string, unknown> = {}) {
  return { session_id: 'sess-1', transcript_path: path.join(root, 't.jsonl'), cwd: path.join(repo, 'src', 'deep'), permission_mode: 'default', hook_event_name: hook, ...extra };
}
const map = (payload: Record<string, unknown>, extra: Partial<Parameters<typeof mapHookPayload>[1]> = {}) =>
  mapHookPayload(payload, { mode: 'unified', now: NOW, io: noFiles, ...extra });

describe('Claude Code hook payloads → conversation events', () => {
  it('maps every recorded hook event to its kind, in the project of the git root of cwd', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['SessionStart', { source: 'startup', model: 'claude-x' }, 'session_start', 'session started (startup) model claude-x'],
      ['UserPromptSubmit', { prompt: 'fix the login bug' }, 'user_message', 'fix the login bug'],
      ['PreToolUse', { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1' }, 'tool_use', 'Bash: npm test'],
      ['PostToolUse', { tool_name: 'Read', tool_input: { file_path: '/a.ts' }, tool_response: { content: 'x' }, tool_use_id: 'toolu_2' }, 'tool_result', 'Read: /a.ts\n→ {"content":"x"}'],
      ['Stop', { stop_hook_active: false, last_assistant_message: 'Fixed it.' }, 'assistant_message', 'Fixed it.'],
      ['SubagentStop', { agent_id: 'a1', agent_type: 'Explore', last_assistant_message: 'found 3 files' }, 'subagent_stop', 'Explore: found 3 files'],
      ['PreCompact', { trigger: 'manual', custom_instructions: 'keep the API notes' }, 'pre_compact', 'context compaction (manual): keep the API notes'],
      ['SessionEnd', { reason: 'logout' }, 'session_end', 'session ended (logout)'],
    ];
    for (const [hook, extra, kind, text] of cases) {
      const { events, adapter } = map(claude(hook, extra));
      expect(adapter.agent).toBe('claude-code');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ kind, text, project: 'project:acme', agent: 'claude-code', sessionId: 'sess-1', ts: NOW });
      expect(events[0]!.metadata['hookEvent']).toBe(hook);
      expect(events[0]!.tokens).toBeGreaterThan(0);
    }
  });

  it('truncates a long tool response and keeps the tool name and input summary', () => {
    const { events } = map(claude('PostToolUse', { tool_name: 'Bash', tool_input: { command: 'cat big' }, tool_response: 'x'.repeat(10_000) }));
    expect(events[0]!.text.length).toBeLessThan(2200);
    expect(events[0]!.text).toMatch(/^Bash: cat big\n→ x+… \[8000 more chars\]$/);
    expect(events[0]!.metadata).toMatchObject({ toolName: 'Bash', input: 'cat big' });
  });

  it('takes the last assistant text (and its uuid and time) from the transcript when Stop carries none', () => {
    const lines = [
      { type: 'user', message: { role: 'user', content: 'hi' }, uuid: 'u1', timestamp: '2026-11-23T09:59:00.000Z' },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'first' }] }, uuid: 'a1', timestamp: '2026-11-23T09:59:10.000Z' },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', name: 'Bash' }, { type: 'text', text: 'All tests pass.' }] }, uuid: 'a2', timestamp: '2026-11-23T09:59:30.000Z' },
    ];
    const io: HookIo = { readTail: () => `partial line}\n${lines.map((l) => JSON.stringify(l)).join('\n')}\n` };
    const { events } = map(claude('Stop', {}), { io });
    expect(events[0]).toMatchObject({ kind: 'assistant_message', text: 'All tests pass.', ts: new Date('2026-11-23T09:59:30.000Z') });
    expect(map(claude('Stop', {}), { io }).events[0]!.eventId).toBe(events[0]!.eventId);
    expect(map(claude('Stop', {})).events).toEqual([]); // no transcript: nothing to record
  });

  it('derives stable ids: a re-sent payload keeps its id, a new prompt or a later identical prompt gets a new one', () => {
    const p = claude('UserPromptSubmit', { prompt: 'continue' });
    const id = map(p).events[0]!.eventId;
    expect(map(p).events[0]!.eventId).toBe(id);
    expect(map(p, { now: new Date(NOW.getTime() + 500) }).events[0]!.eventId).toBe(id); // same second
    expect(map(p, { now: new Date(NOW.getTime() + 60_000) }).events[0]!.eventId).not.toBe(id);
    expect(map(claude('UserPromptSubmit', { prompt: 'continue!' })).events[0]!.eventId).not.toBe(id);
    // A tool call is identified by its tool_use_id whatever the time; pre and post are two events.
    const pre = map(claude('PreToolUse', { tool_name: 'Bash', tool_input: {}, tool_use_id: 't9' })).events[0]!.eventId;
    const post = map(claude('PostToolUse', { tool_name: 'Bash', tool_input: {}, tool_use_id: 't9' }), { now: new Date(0) }).events[0]!.eventId;
    expect(map(claude('PreToolUse', { tool_name: 'Bash', tool_input: {}, tool_use_id: 't9' }), { now: new Date(0) }).events[0]!.eventId).toBe(pre);
    expect(post).not.toBe(pre);
  });

  it('refuses unknown events, payloads of no known agent and malformed JSON with a clear message', () => {
    expect(() => map(claude('Notification', { message: 'x' }))).toThrow(UnknownHookEventError);
    expect(() => map(claude('Notification'))).toThrow(/unknown claude-code hook event "Notification" \(known: SessionStart, UserPromptSubmit/);
    expect(() => map({ hello: 'world' })).toThrow(MalformedHookPayloadError);
    expect(() => map(claude('UserPromptSubmit', { prompt: 42 }))).toThrow(/"prompt" must be a non-empty string/);
    expect(() => parseHookInput('{"session_id": ')).toThrow(/hook input is not JSON/);
    expect(() => parseHookInput('[1,2]')).toThrow(/must be a JSON object/);
    expect(() => map(claude('SessionStart'), { agent: 'cursor' })).toThrow(/unknown --agent "cursor"/);
  });

  it('falls back to the agent\'s project directory when a payload has no cwd', () => {
    const { cwd: _omit, ...stop } = claude('Stop', { last_assistant_message: 'done' });
    expect(map(stop, { defaultCwd: path.join(repo, 'src') }).events[0]!.project).toBe('project:acme');
  });

  it('keys the log by project and agent in per-agent mode, and honours ENGRAM_PROJECT', () => {
    expect(map(claude('SessionEnd'), { mode: 'per-agent' }).events[0]!.project).toBe('project:acme@claude-code');
    expect(map(claude('SessionEnd'), { projectOverride: 'billing' }).events[0]!.project).toBe('project:billing');
    expect(map(claude('SessionEnd'), { projectOverride: 'project:x' }).events[0]!.project).toBe('project:x');
  });
});

describe('Gemini CLI hook payloads', () => {
  const gemini = (hook: string, extra: Record<string, unknown> = {}) =>
    ({ session_id: 'g-1', transcript_path: '/t', cwd: repo, hook_event_name: hook, timestamp: '2026-11-20T08:00:00.000Z', ...extra });

  it('is detected by its timestamp and maps prompts, answers and tools with the SOURCE time', () => {
    const prompt = map(gemini('BeforeAgent', { prompt: 'why is CI red?' }));
    expect(prompt.adapter.agent).toBe('gemini-cli');
    expect(prompt.adapter.stdoutOnSuccess).toBe('{}');
    expect(prompt.events[0]).toMatchObject({ kind: 'user_message', text: 'why is CI red?', ts: new Date('2026-11-20T08:00:00.000Z'), project: 'project:acme', agent: 'gemini-cli' });
    expect(map(gemini('AfterAgent', { prompt: 'q', prompt_response: 'a flaky test' })).events[0]).toMatchObject({ kind: 'assistant_message', text: 'a flaky test' });
    expect(map(gemini('AfterTool', { tool_name: 'run_shell_command', tool_input: { command: 'ls' }, tool_response: 'a\nb' })).events[0]).toMatchObject({ kind: 'tool_result', text: 'run_shell_command: ls\n→ a\nb' });
    expect(() => map(gemini('BeforeModel'))).toThrow(UnknownHookEventError);
    // --agent forces an adapter: a Gemini payload read as Claude Code has no Claude event names.
    expect(() => map(gemini('BeforeAgent', { prompt: 'x' }), { agent: 'claude-code' })).toThrow(/unknown claude-code hook event "BeforeAgent"/);
  });
});

describe('project scope inference', () => {
  it('uses the git root, a linked worktree\'s main repository, or the folder itself without git', () => {
    expect(repositoryRoot(path.join(repo, 'src', 'deep'))).toBe(repo);
    const wt = path.join(root, 'acme-feature');
    mkdirSync(wt, { recursive: true });
    writeFileSync(path.join(wt, '.git'), `gitdir: ${path.join(repo, '.git', 'worktrees', 'acme-feature')}\n`);
    expect(projectScopeFor(wt)).toBe('project:acme');
    const plain = path.join(root, 'no git here');
    mkdirSync(plain, { recursive: true });
    expect(projectScopeFor(plain)).toBe(`project:no-git-here`);
    const other = path.join(root, 'other');
    mkdirSync(path.join(other, '.git'), { recursive: true });
    expect(projectScopeFor(other)).not.toBe(projectScopeFor(repo));
  });
});
