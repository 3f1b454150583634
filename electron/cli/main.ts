import { Command } from 'commander';
import { companiesCommand } from './companies-command.js';
import { generateCommand } from './generate-command.js';
import { getCommand } from './get-command.js';
import { infoCommand } from './info-command.js';
import { purgeCommand } from './purge-command.js';
import { searchCommand } from './search-command.js';
import { usersCommand } from './users-command.js';
import { serveCommand } from './serve-command.js';
import { exportCommand } from './export-command.js';
import { syncCommand } from './sync-command.js';
import { crawlCommand } from './crawl-command.js';
import { evolveCommand } from './evolve-command.js';
import { boardsCommand } from './boards-command.js';
import { failureOf } from './exit-codes.js';

// `jobindex search … | head`: the reader has what it wanted and closed the pipe. That is no
// failure: stop quietly, as Unix tools do, instead of throwing EPIPE with a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command('jobindex')
  .description('Job Index: search a local copy of the job index')
  .addCommand(searchCommand)
  .addCommand(getCommand)
  .addCommand(companiesCommand)
  .addCommand(infoCommand)
  .addCommand(generateCommand)
  .addCommand(purgeCommand)
  .addCommand(usersCommand)
  .addCommand(serveCommand)
  .addCommand(exportCommand)
  .addCommand(syncCommand)
  .addCommand(crawlCommand)
  .addCommand(evolveCommand)
  .addCommand(boardsCommand);

// Usage errors of any subcommand (a bad option value, an unknown option) reach the one exit
// path below instead of commander's own exit(1).
const withSubcommands = (c: Command): Command[] => [c, ...c.commands.flatMap(withSubcommands)];
for (const c of withSubcommands(program)) c.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (e) {
  const { code, message } = failureOf(e);
  if (message) process.stderr.write(`jobindex: ${message}\n`);
  process.exit(code);
}
