import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultHookCommand, engramOnPath, settingsFile } from './hook-command.js';

describe('engram hooks install: file and command', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'engram-hookcmd-'));
    mkdirSync(path.join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(path.join(root, 'repo', 'src'), { recursive: true });
    mkdirSync(path.join(root, 'install', 'bin'), { recursive: true });
    mkdirSync(path.join(root, 'pathdir'), { recursive: true });
    writeFileSync(path.join(root, 'install', 'bin', 'engram'), '#!/bin/sh\n');
    symlinkSync(path.join(root, 'install', 'bin', 'engram'), path.join(root, 'pathdir', 'engram'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the repository\'s settings.local.json by default; settings.json only when shared; the user file with --user', () => {
    const cwd = path.join(root, 'repo', 'src');
    expect(settingsFile('local', cwd, '/home/u')).toBe(path.join(root, 'repo', '.claude', 'settings.local.json'));
    expect(settingsFile('shared', cwd, '/home/u')).toBe(path.join(root, 'repo', '.claude', 'settings.json'));
    expect(settingsFile('user', cwd, '/home/u')).toBe('/home/u/.claude/settings.json');
  });

  it('installs the portable `engram hook` when PATH reaches this install, else the absolute path', () => {
    const bin = path.join(root, 'install', 'bin', 'engram');
    const onPath = engramOnPath(['/nonexistent', path.join(root, 'pathdir')].join(path.delimiter), (p) => p.endsWith('pathdir/engram'));
    expect(defaultHookCommand(bin, onPath)).toEqual({ command: 'engram hook', portable: true });
    expect(defaultHookCommand(bin, undefined)).toEqual({ command: `${bin} hook`, portable: false });
    expect(defaultHookCommand('/other/engram', onPath).portable).toBe(false);
    expect(defaultHookCommand('/my dir/bin/engram', undefined).command).toBe('"/my dir/bin/engram" hook');
  });
});
