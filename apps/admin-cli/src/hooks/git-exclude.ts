import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * `engram hooks install` writes the developer's own `.claude/settings.local.json`; nothing may
 * commit it by accident (issue 37: `git status` showed `?? .claude/`). Claude Code keeps the file
 * out of git when it creates it; engram does the same in the repository's own
 * `.git/info/exclude`: local to this clone, never committed, and no .gitignore to review.
 */

/** The repository's `info/exclude` (the common git dir's, for a linked worktree or a submodule), or undefined outside git. */
export function gitExcludeFile(root: string): string | undefined {
  const dotGit = path.join(root, '.git');
  if (!existsSync(dotGit)) return undefined;
  let gitDir = dotGit;
  if (statSync(dotGit).isFile()) {
    const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
    if (!m) return undefined;
    gitDir = path.resolve(root, m[1]!.trim());
    const common = path.join(gitDir, 'commondir');
    if (existsSync(common)) gitDir = path.resolve(gitDir, readFileSync(common, 'utf8').trim());
  }
  return path.join(gitDir, 'info', 'exclude');
}

export interface ExcludeResult {
  /** The exclude file. */
  file: string;
  /** Whether the pattern was (or, in a dry run, would be) added; false when it was there already. */
  added: boolean;
}

/**
 * Adds `/<relative path>` (anchored at the repository root) to the repository's exclude file
 * unless that line is there already. Undefined when `root` is not a git repository.
 */
export function excludeFromGit(root: string, relativePath: string, dryRun = false): ExcludeResult | undefined {
  const file = gitExcludeFile(root);
  if (!file) return undefined;
  const pattern = `/${relativePath.split(path.sep).join('/')}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines.includes(pattern) || lines.includes(pattern.slice(1))) return { file, added: false };
  if (!dryRun) {
    mkdirSync(path.dirname(file), { recursive: true });
    const sep = text === '' || text.endsWith('\n') ? '' : '\n';
    writeFileSync(file, `${text}${sep}# engram hooks install: your own Claude Code settings\n${pattern}\n`);
  }
  return { file, added: true };
}
