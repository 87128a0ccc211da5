import { readFileSync } from 'node:fs';
import {
  drainSpool, mapHookPayload, parseHookInput, spoolEvents, spooledCount, type NewConversationEvent,
} from '@engram/conversation';
import type { HookEnvironment, HookLog } from './composition-root.js';
import { nodeHookIo } from './hook-io.js';

/** The most stdin a hook reads; a larger payload is refused (transcripts are read from their file). */
export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

export interface HookStreams {
  readStdin(): string;
  stdout(text: string): void;
  stderr(line: string): void;
  now(): Date;
}

export const processStreams: HookStreams = {
  readStdin: () => readFileSync(0, 'utf8'),
  stdout: (text) => void process.stdout.write(text),
  stderr: (line) => void process.stderr.write(`engram hook: ${line}\n`),
  now: () => new Date(),
};

function parseArgs(argv: readonly string[]): { agent?: string } {
  const i = argv.findIndex((a) => a === '--agent' || a.startsWith('--agent='));
  if (i < 0) return {};
  const arg = argv[i]!;
  const agent = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[i + 1];
  return agent ? { agent } : {};
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Drains a waiting spool over the hook's connection (older events delivered late, stored once). */
async function drainWaiting(log: HookLog, home: string, streams: HookStreams): Promise<void> {
  if (spooledCount(home) === 0) return;
  try {
    const report = await drainSpool(home, (batch) => log.append(batch));
    if (report.events > 0) streams.stderr(`delivered ${report.events} spooled event(s) (${report.inserted} new)`);
    if (report.rejected > 0) streams.stderr(`${report.rejected} spooled event(s) could not be stored; kept in ${home}/spool/rejected.jsonl`);
  } catch (error) {
    streams.stderr(`spool not drained yet (${message(error)}); it stays for the next call`);
  }
}

/**
 * One hook call. ALWAYS resolves to exit code 0 (a hook must never break the agent): malformed
 * input, unknown events, a bad config or a database that is down each print one line on stderr;
 * mapped events that were not acknowledged by the database are fsync'd to the spool first.
 */
export async function runHook(argv: readonly string[], env: HookEnvironment, streams: HookStreams = processStreams): Promise<number> {
  const { settings } = env;
  let events: NewConversationEvent[];
  let stdoutOnSuccess: string;
  try {
    const raw = streams.readStdin();
    if (Buffer.byteLength(raw) > MAX_PAYLOAD_BYTES) throw new Error(`hook payload larger than ${MAX_PAYLOAD_BYTES} bytes`);
    const mapped = mapHookPayload(parseHookInput(raw), {
      ...parseArgs(argv), mode: settings.mode, now: streams.now(), io: nodeHookIo, defaultCwd: settings.defaultCwd,
      ...(settings.projectOverride ? { projectOverride: settings.projectOverride } : {}),
    });
    events = mapped.events;
    stdoutOnSuccess = mapped.adapter.stdoutOnSuccess;
  } catch (error) {
    streams.stderr(`ignored: ${message(error)}`);
    return 0;
  }
  let acknowledged = false;
  let spooled = false;
  const spool = (why: string) => {
    if (acknowledged || spooled || events.length === 0) return;
    spooled = true;
    try {
      const file = spoolEvents(settings.home, events);
      streams.stderr(`${why}; ${events.length} event(s) spooled to ${file}, delivered on the next call`);
    } catch (error) {
      streams.stderr(`${why}; spooling failed too (${message(error)}): ${events.length} event(s) dropped`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      spool(`the database did not answer within ${settings.budgetMs} ms`);
      resolve();
    }, settings.budgetMs);
  });
  const work = (async () => {
    let log: HookLog | undefined;
    try {
      if (events.length === 0 && spooledCount(settings.home) === 0) return;
      log = await env.open();
      if (events.length > 0) await log.append(events);
      acknowledged = true;
      await drainWaiting(log, settings.home, streams);
    } catch (error) {
      spool(`database unavailable (${message(error)})`);
    } finally {
      await log?.close().catch(() => undefined);
    }
  })();
  await Promise.race([work, timeout]);
  clearTimeout(timer);
  if (stdoutOnSuccess) streams.stdout(stdoutOnSuccess);
  return 0;
}
