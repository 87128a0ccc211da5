import { CLAUDE_HOOK_EVENTS, changedHunks, installHooks, isEngramHook, lineDiff, uninstallHooks } from './claude-settings.js';

const CMD = '/opt/engram/bin/engram hook';
const userSettings = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: 'prettier --write "$FILE"' }] }],
    Notification: [{ hooks: [{ type: 'command', command: 'notify-send claude' }] }],
  },
};

describe('Claude Code settings merge (engram hooks install)', () => {
  it('adds engram to every recorded event and keeps the user\'s settings and hooks', () => {
    const next = installHooks(userSettings, CMD) as typeof userSettings & { hooks: Record<string, any[]> };
    expect(next.model).toBe('opus');
    expect(next.permissions).toEqual(userSettings.permissions);
    expect(next.hooks['Notification']).toEqual(userSettings.hooks.Notification);
    expect(next.hooks['PostToolUse']![0]).toEqual(userSettings.hooks.PostToolUse[0]);
    for (const event of CLAUDE_HOOK_EVENTS) {
      const mine = next.hooks[event]!.flatMap((g) => g.hooks).filter(isEngramHook);
      expect(mine).toEqual([{ type: 'command', command: CMD, timeout: 10 }]);
    }
    expect(next.hooks['PreToolUse']![0].matcher).toBe('*');
    expect(next.hooks['SessionStart']![0].matcher).toBeUndefined();
  });

  it('is idempotent, replaces an engram entry from another install path, and uninstalls only engram', () => {
    const once = installHooks(userSettings, CMD);
    expect(installHooks(once, CMD)).toEqual(once);
    const moved = installHooks(once, '/new/place/bin/engram hook') as { hooks: Record<string, any[]> };
    const commands = moved.hooks['Stop']!.flatMap((g) => g.hooks).map((h) => h.command);
    expect(commands).toEqual(['/new/place/bin/engram hook']);
    expect(uninstallHooks(once)).toEqual(userSettings);
    expect(uninstallHooks(installHooks({}, CMD))).toEqual({});
    expect(uninstallHooks(userSettings)).toEqual(userSettings);
  });

  it('recognises engram hook commands, quoted or not, and nothing else', () => {
    expect(isEngramHook({ command: 'engram hook' })).toBe(true);
    expect(isEngramHook({ command: '"/my dir/bin/engram" hook --agent claude-code' })).toBe(true);
    expect(isEngramHook({ command: 'engram hooks install' })).toBe(false);
    expect(isEngramHook({ command: 'myengram hook' })).toBe(false);
  });

  it('shows a diff of exactly the changed lines', () => {
    const diff = lineDiff('{\n  "a": 1\n}\n', '{\n  "a": 1,\n  "b": 2\n}\n');
    expect(diff.filter((l) => !l.startsWith('  '))).toEqual(['-   "a": 1', '+   "a": 1,', '+   "b": 2']);
    expect(changedHunks(lineDiff('x\n1\n2\n3\n4\n5\n6\ny', 'x\n1\n2\n3\n4\n5\n6\nz'), 1)).toEqual(['  6', '- y', '+ z']);
  });
});
