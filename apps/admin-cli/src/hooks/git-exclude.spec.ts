import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { excludeFromGit, gitExcludeFile } from './git-exclude.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });
const SETTINGS = path.join('.claude', 'settings.local.json');

describe('excludeFromGit (issue 37: hooks install keeps settings.local.json out of git)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'engram-exclude-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds the file to .git/info/exclude once, so git status stays clean', () => {
    git(dir, 'init', '-q');
    mkdirSync(path.join(dir, '.claude'));
    writeFileSync(path.join(dir, SETTINGS), '{}\n');
    expect(git(dir, 'status', '--porcelain')).toContain('.claude/');
    expect(excludeFromGit(dir, SETTINGS)).toEqual({ file: path.join(dir, '.git', 'info', 'exclude'), added: true });
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(excludeFromGit(dir, SETTINGS)).toMatchObject({ added: false });
    expect(readFileSync(path.join(dir, '.git', 'info', 'exclude'), 'utf8').match(/settings\.local\.json/g)).toHaveLength(1);
  });

  it('writes nothing in a dry run, and nothing outside git', () => {
    git(dir, 'init', '-q');
    const before = readFileSync(path.join(dir, '.git', 'info', 'exclude'), 'utf8');
    expect(excludeFromGit(dir, SETTINGS, true)).toMatchObject({ added: true });
    expect(readFileSync(path.join(dir, '.git', 'info', 'exclude'), 'utf8')).toBe(before);
    const plain = path.join(dir, 'plain');
    mkdirSync(plain);
    expect(excludeFromGit(plain, SETTINGS)).toBeUndefined();
  });

  it('uses the main repository\'s exclude for a linked worktree', () => {
    const main = path.join(dir, 'main');
    mkdirSync(main);
    git(main, 'init', '-q');
    git(main, '-c', 'user.email=t@e', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'init');
    const linked = path.join(dir, 'linked');
    git(main, 'worktree', 'add', '-q', linked);
    expect(gitExcludeFile(linked)).toBe(path.join(main, '.git', 'info', 'exclude'));
  });
});
