import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '@engram/conversation';

/*
 * Where `engram hooks install` writes and which command it installs (ADR-0025). The default file
 * is the repository's `.claude/settings.local.json`: Claude Code reads it like settings.json, but it
 * is the developer's own (Claude Code keeps it out of git), so one person's install never lands in
 * the team's committed settings. The command is `engram hook` when the `engram` found on PATH is
 * this install (portable across checkouts and machines), else this install's absolute path.
 */

export type SettingsTarget = 'local' | 'shared' | 'user';

export function settingsFile(target: SettingsTarget, cwd: string, home: string = homedir()): string {
  if (target === 'user') return path.join(home, '.claude', 'settings.json');
  return path.join(repositoryRoot(cwd), '.claude', target === 'shared' ? 'settings.json' : 'settings.local.json');
}

/** `<repo>/bin/engram` next to this bundle (dist/apps/admin-cli/main.js). */
export function thisInstallBin(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/engram');
}

function realpathOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** The first executable `engram` on PATH, resolved through symlinks; undefined when there is none. */
export function engramOnPath(pathVar: string | undefined, exists: (p: string) => boolean): string | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'engram');
    if (exists(candidate)) return realpathOrSelf(candidate);
  }
  return undefined;
}

/** The hook command to install: `engram hook` when PATH reaches this install, else its absolute path (quoted for the shell). */
export function defaultHookCommand(bin: string, onPath: string | undefined): { command: string; portable: boolean } {
  if (onPath !== undefined && onPath === realpathOrSelf(bin)) return { command: 'engram hook', portable: true };
  return { command: `${/[\s"'$`\\]/.test(bin) ? JSON.stringify(bin) : bin} hook`, portable: false };
}
