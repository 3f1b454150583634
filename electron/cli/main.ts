import { Command, CommanderError } from 'commander';
import { Code, ConnectError } from '@connectrpc/connect';
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
import { SyncAlreadyRunning } from '#service/sync/sync-lock';

/** Exit code for "try again later" (sysexits' EX_TEMPFAIL): a sync into the same index is running. */
const EXIT_BUSY = 75;

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
  .exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode);
  if (e instanceof SyncAlreadyRunning) {
    process.stderr.write(`jobindex: ${e.message}\n`);
    process.exit(EXIT_BUSY);
  }
  // Service errors (bad input, not found) are the user's to fix: say what, no stack.
  const notFound = e instanceof ConnectError && e.code === Code.NotFound;
  const message = e instanceof ConnectError ? `${notFound ? 'not found' : 'invalid request'}: ${e.rawMessage}` : e instanceof Error ? e.message : String(e);
  process.stderr.write(`jobindex: ${message}\n`);
  process.exit(notFound ? 3 : 2);
}
