import { spawn } from 'node:child_process';
import { childEnv, engramBin } from '../../../tools/test/app-process.js';

export interface HookRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `bin/engram hook` as a real process with `input` on stdin (what Claude Code does). */
export function runHook(input: string, env: Record<string, string | undefined>, args: string[] = [], cwd?: string): Promise<HookRun> {
  const started = Date.now();
  const child = spawn(engramBin, ['hook', ...args], { env: childEnv(env), ...(cwd ? { cwd } : {}) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, ms: Date.now() - started })));
}

/** A Claude Code hook payload as documented: common fields plus the event's own. */
export function claudePayload(cwd: string, hook: string, extra: Record<string, unknown> = {}, sessionId = 'e2e-session'): string {
  return JSON.stringify({ session_id: sessionId, transcript_path: `${cwd}/.no-transcript.jsonl`, cwd, permission_mode: 'default', hook_event_name: hook, ...extra });
}
