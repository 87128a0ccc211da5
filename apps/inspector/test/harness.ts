// Runs the built inspector (`engram ui` = dist/apps/inspector/main.js) and Debian's chromium through
// playwright-core. Nothing downloads a browser: the executable is /usr/bin/chromium (tools/setup).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { childEnv, repoRoot, stopChild } from '../../../tools/test/app-process.js';

export const inspectorMain = join(repoRoot, 'dist/apps/inspector/main.js');
export const CHROMIUM = process.env.ENGRAM_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const screenshotDir = join(repoRoot, '.cache/inspector-screenshots');

export function buildInspector(): void {
  const r = spawnSync(process.execPath, [join(repoRoot, 'tools/build/build.mjs'), 'inspector'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build of the inspector failed:\n${r.stderr}`);
}

export interface InspectorProcess {
  baseUrl: string;
  stdout(): string;
  stderr(): string;
  child: ChildProcessWithoutNullStreams;
  stop(): Promise<void>;
}

/** Starts `main.js --port 0` and resolves once it prints its address (stderr). */
export function startInspector(env: Record<string, string | undefined>, args: string[] = []): Promise<InspectorProcess> {
  const child = spawn(process.execPath, [inspectorMain, '--port', '0', '--host', '127.0.0.1', ...args], { env: childEnv(env) });
  let err = '';
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`inspector did not start in time:\n${err}`)), 90_000);
    // Started once stderr names the port AND stdout has printed the URL to open: the two pipes are
    // read independently, so under load the stdout line can arrive after the stderr one.
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m && /open \S+/.test(out)) {
        clearTimeout(timer);
        resolve({ baseUrl: m[1] as string, stdout: () => out, stderr: () => err, child, stop: () => stopChild(child) });
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      check();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`inspector exited with ${code}:\n${err}`));
    });
  });
}

export function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** What went wrong on a page while a test drove it: console errors, page errors, failed requests. */
export interface PageProblems {
  list: string[];
  /** Responses >= 400 the test provoked on purpose (bad input checks). */
  expect(urlPart: string): void;
}

export function watchProblems(page: Page): PageProblems {
  const list: string[] = [];
  const expected: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected.some((e) => m.location().url.includes(e) || m.text().includes('status of 4'))) list.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => list.push(`pageerror: ${e.message}`));
  // ERR_ABORTED is the browser cancelling a request because the test navigated on (e.g. the favicon), not a failure.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && list.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !expected.some((e) => r.url().includes(e))) list.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { list, expect: (u) => expected.push(u) };
}
