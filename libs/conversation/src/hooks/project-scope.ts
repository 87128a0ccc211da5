import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What project-scope inference may touch; injectable for tests. */
export interface ProjectFs {
  /** 'dir' | 'file' for an existing path, undefined otherwise. */
  kind(p: string): 'dir' | 'file' | undefined;
  read(p: string): string;
}

export const nodeProjectFs: ProjectFs = {
  kind(p) {
    try {
      const s = statSync(p);
      return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : undefined;
    } catch {
      return undefined;
    }
  },
  read: (p) => readFileSync(p, 'utf8'),
};

/**
 * The repository root that owns `cwd`: the nearest ancestor holding `.git`. A linked worktree
 * (`.git` is a file pointing into `<main>/.git/worktrees/<name>`) belongs to its main repository,
 * so every worktree of one repository shares one project. No git: `cwd` itself.
 */
export function repositoryRoot(cwd: string, fs: ProjectFs = nodeProjectFs): string {
  let dir = path.resolve(cwd);
  for (;;) {
    const dotGit = path.join(dir, '.git');
    const kind = fs.kind(dotGit);
    if (kind === 'dir') return dir;
    if (kind === 'file') {
      const m = /^gitdir:\s*(.+)$/m.exec(fs.read(dotGit));
      const gitdir = m ? path.resolve(dir, m[1]!.trim()) : '';
      const at = gitdir.lastIndexOf(`${path.sep}.git${path.sep}worktrees${path.sep}`);
      return at > 0 ? gitdir.slice(0, at) : dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(cwd);
    dir = parent;
  }
}

/**
 * The memory scope of the project an agent works in: `project:<repository folder name>`, the
 * naming every other engram scope uses (`project:acme`). `override` (ENGRAM_PROJECT) wins: a name
 * or a full scope. Memories of two repositories never mix unless their folders share a name; the
 * override separates those (documented in the runbook).
 */
export function projectScopeFor(cwd: string | undefined, override?: string, fs: ProjectFs = nodeProjectFs): string {
  if (override) return override.includes(':') ? override : `project:${override}`;
  const root = repositoryRoot(cwd ?? process.cwd(), fs);
  const name = path.basename(root).replace(/\s+/g, '-') || 'root';
  return `project:${name}`;
}
