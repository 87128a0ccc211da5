import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { changedHunks, installHooks, lineDiff, uninstallHooks } from '../hooks/claude-settings.js';
import { excludeFromGit, type ExcludeResult } from '../hooks/git-exclude.js';
import { defaultHookCommand, engramOnPath, settingsFile, thisInstallBin, type SettingsTarget } from '../hooks/hook-command.js';
import { action, type CliCommand } from './command-kit.js';

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function targetOf(opts: Record<string, unknown>): SettingsTarget {
  const chosen = (['local', 'shared', 'user'] as const).filter((t) => opts[t] === true);
  if (chosen.length > 1) throw new CliError('INVALID_INPUT', `choose one of --local, --shared, --user (got ${chosen.map((t) => `--${t}`).join(' ')})`);
  return chosen[0] ?? 'local';
}

/** The command to install, and a note when it is not portable (engram is not on PATH). */
function hookCommand(opts: Record<string, unknown>): { command: string; note?: string } {
  if (typeof opts['command'] === 'string') return { command: opts['command'] };
  const bin = thisInstallBin();
  const { command, portable } = defaultHookCommand(bin, engramOnPath(process.env['PATH'], executable));
  return portable ? { command } : { command, note: `note: engram is not on PATH; installed the absolute path. For a portable command: ln -s ${bin} ~/.local/bin/engram, then run this again` };
}

function readSettings(file: string): { text: string; json: Record<string, unknown> } {
  if (!existsSync(file)) return { text: '', json: {} };
  const text = readFileSync(file, 'utf8');
  try {
    const json: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not a JSON object');
    return { text, json: json as Record<string, unknown> };
  } catch (error) {
    throw new CliError('INVALID_INPUT', `${file} is not a valid settings JSON object (${(error as Error).message}); nothing changed`);
  }
}

/** Write-then-rename, so Claude Code never reads a half-written settings file. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.engram-${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

function excludeLine(excluded: ExcludeResult | undefined, dryRun: boolean): string[] {
  if (!excluded?.added) return [];
  return [`${dryRun ? 'would keep' : 'kept'} .claude/settings.local.json out of git: ${dryRun ? 'would add' : 'added'} it to ${excluded.file}`];
}

/** `engram hooks install`: wires `engram hook` into Claude Code's settings (local by default, shared or user). */
export const hooksCommand: CliCommand = {
  register(program: Command) {
    const hooks = program.command('hooks').description('agent hook configuration (Claude Code)');
    hooks
      .command('install')
      .description('add engram\'s hook to Claude Code settings for every recorded event (idempotent; shows the diff)')
      .option('--local', 'the repository\'s .claude/settings.local.json, your own and not committed (default)')
      .option('--shared', 'the repository\'s .claude/settings.json, committed for the whole team')
      .option('--user', '~/.claude/settings.json, every project')
      .option('--uninstall', 'remove engram\'s hook entries only')
      .option('--dry-run', 'show the change without writing it')
      .option('--command <cmd>', 'the hook command to install (default: `engram hook` when engram is on PATH, else this install\'s bin/engram hook)')
      .action(action(async ({ out, opts }) => {
        const file = settingsFile(targetOf(opts), process.cwd());
        const { text, json } = readSettings(file);
        const { command, note } = hookCommand(opts);
        const next = opts['uninstall'] ? uninstallHooks(json) : installHooks(json, command);
        const before = text.trim() === '' ? '' : `${JSON.stringify(json, null, 2)}\n`;
        const after = `${JSON.stringify(next, null, 2)}\n`;
        const changed = JSON.stringify(json) !== JSON.stringify(next);
        const dryRun = opts['dry-run'] === true || opts['dryRun'] === true;
        if (changed && !dryRun) writeAtomically(file, after);
        // The developer's own file stays out of git (issue 37), as Claude Code keeps it: .git/info/exclude.
        const excluded = targetOf(opts) === 'local' && !opts['uninstall']
          ? excludeFromGit(path.dirname(path.dirname(file)), path.join('.claude', 'settings.local.json'), dryRun) : undefined;
        const diff = changed ? changedHunks(lineDiff(before, after)) : [];
        out.result({ file, changed, written: changed && !dryRun, command, diff, git_exclude: excluded ?? null }, () => [
          changed ? `${dryRun ? 'would change' : 'changed'} ${file}:` : `${file}: already ${opts['uninstall'] ? 'without' : 'with'} engram's hooks, nothing changed`,
          ...diff,
          ...excludeLine(excluded, dryRun),
          ...(note && !opts['uninstall'] ? [note] : []),
        ]);
      }));
  },
};
