import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '@engram/conversation';
import type { Command } from 'commander';
import { CliError } from '../errors/to-exit-code.js';
import { changedHunks, installHooks, lineDiff, uninstallHooks } from '../hooks/claude-settings.js';
import { action, type CliCommand } from './command-kit.js';

/** `<repo>/bin/engram` next to this bundle (dist/apps/admin-cli/main.js), quoted for the shell. */
function defaultCommand(): string {
  const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/engram');
  return `${/[\s"'$`\\]/.test(bin) ? JSON.stringify(bin) : bin} hook`;
}

function settingsFile(user: boolean, cwd: string): string {
  return user ? path.join(homedir(), '.claude', 'settings.json') : path.join(repositoryRoot(cwd), '.claude', 'settings.json');
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

/** `engram hooks install`: wires `engram hook` into Claude Code's settings (project or user). */
export const hooksCommand: CliCommand = {
  register(program: Command) {
    const hooks = program.command('hooks').description('agent hook configuration (Claude Code)');
    hooks
      .command('install')
      .description('add engram\'s hook to Claude Code settings for every recorded event (idempotent; shows the diff)')
      .option('--project', 'the repository\'s .claude/settings.json (default)')
      .option('--user', '~/.claude/settings.json')
      .option('--uninstall', 'remove engram\'s hook entries only')
      .option('--dry-run', 'show the change without writing it')
      .option('--command <cmd>', 'the hook command to install (default: this install\'s bin/engram hook)')
      .action(action(async ({ out, opts }) => {
        if (opts['project'] && opts['user']) throw new CliError('INVALID_INPUT', 'choose --project or --user, not both');
        const file = settingsFile(opts['user'] === true, process.cwd());
        const { text, json } = readSettings(file);
        const next = opts['uninstall'] ? uninstallHooks(json) : installHooks(json, String(opts['command'] ?? defaultCommand()));
        const before = text.trim() === '' ? '' : `${JSON.stringify(json, null, 2)}\n`;
        const after = `${JSON.stringify(next, null, 2)}\n`;
        const changed = JSON.stringify(json) !== JSON.stringify(next);
        const dryRun = opts['dry-run'] === true || opts['dryRun'] === true;
        if (changed && !dryRun) writeAtomically(file, after);
        const diff = changed ? changedHunks(lineDiff(before, after)) : [];
        out.result({ file, changed, written: changed && !dryRun, diff }, () => [
          changed ? `${dryRun ? 'would change' : 'changed'} ${file}:` : `${file}: already ${opts['uninstall'] ? 'without' : 'with'} engram's hooks, nothing changed`,
          ...diff,
        ]);
      }));
  },
};
