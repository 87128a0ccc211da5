import { Command } from 'commander';
import { COMMANDS } from './commands/index.js';

const program = new Command()
  .name('engram')
  .description('engram admin: set-up, health, gate review, inspection, import/export')
  .option('--home <dir>', 'engram home (ENGRAM_HOME, default ~/.engram)')
  .option('--database-url <url>', 'server-mode Postgres (DATABASE_URL); default: embedded database under the home')
  .option('--model-dir <dir>', 'embedding model directory (ENGRAM_MODEL_DIR)')
  .option('--config <file>', 'config file (default <home>/config.yaml)')
  .option('--json', 'machine-readable JSON on stdout')
  .showHelpAfterError();

for (const command of COMMANDS) command.register(program);

await program.parseAsync(process.argv);
