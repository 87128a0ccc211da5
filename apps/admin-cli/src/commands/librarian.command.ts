import type { Command } from 'commander';
import { action, type CliCommand } from './command-kit.js';

/**
 * `engram librarian`: the process that alone decides and commits gated writes in server mode
 * (ADR-0047). It runs as a login of `engram_librarian`; the servers, as the service login, hand it
 * their writes over its socket. Runs until SIGINT or SIGTERM.
 */
export const librarianCommand: CliCommand = {
  register(program: Command) {
    program
      .command('librarian')
      .description('serve the write gate to the servers over a local socket (server mode; run as a login of engram_librarian)')
      .action(action(async ({ env, out }) => {
        const log = (m: string) => void process.stderr.write(`${m}\n`);
        const librarian = await env.serveLibrarian(log);
        log(`librarian listening on ${librarian.socketPath} as ${librarian.login}`);
        out.result({ listening: librarian.socketPath, login: librarian.login }, () => [`librarian listening on ${librarian.socketPath} as ${librarian.login}`]);
        await new Promise<void>((resolve) => {
          for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
        });
        await librarian.close();
      }));
  },
};
