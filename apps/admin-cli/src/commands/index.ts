import { chainsCommand } from './chains.command.js';
import type { CliCommand } from './command-kit.js';
import { correctCommand } from './correct.command.js';
import { eventsCommand } from './events.command.js';
import { exportCommand } from './export.command.js';
import { gateCommand } from './gate.command.js';
import { hooksCommand } from './hooks.command.js';
import { importCommand } from './import.command.js';
import { initCommand } from './init.command.js';
import { keysCommand } from './keys.command.js';
import { librarianCommand } from './librarian.command.js';
import { memoryCommand } from './memory.command.js';
import { migrateCommand } from './migrate.command.js';
import { prdCommand } from './prd.command.js';
import { cascadeReviewCommand, retrievalCommand } from './retrieval.command.js';
import { statsCommand } from './stats.command.js';
import { statusCommand } from './status.command.js';
import { tocCommand } from './toc.command.js';
import { sweepCommand } from './sweep.command.js';

/** Every `engram` command (one file each). */
export const COMMANDS: readonly CliCommand[] = [
  initCommand, migrateCommand, statusCommand, gateCommand, memoryCommand, correctCommand, exportCommand, importCommand,
  prdCommand, chainsCommand, retrievalCommand, cascadeReviewCommand, statsCommand, sweepCommand,
  // Conversation memory (SPEC 6): event log and agent hooks.
  eventsCommand, hooksCommand,
  // Conversation TOC (seed 002 CLI-02/03).
  tocCommand,
  // API keys of the HTTP servers (issue 18, ADR-0027).
  keysCommand,
  // The librarian split (ADR-0047): the process that decides and commits in server mode.
  librarianCommand,
];
