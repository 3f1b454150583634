import { Command, CommanderError } from 'commander';
import { ConnectError } from '@connectrpc/connect';
import { companiesCommand } from './companies-command.js';
import { generateCommand } from './generate-command.js';
import { getCommand } from './get-command.js';
import { infoCommand } from './info-command.js';
import { searchCommand } from './search-command.js';

const program = new Command('jobindex')
  .description('Job Index: search a local copy of the job index')
  .addCommand(searchCommand)
  .addCommand(getCommand)
  .addCommand(companiesCommand)
  .addCommand(infoCommand)
  .addCommand(generateCommand)
  .exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode);
  // Service errors (bad input, not found) are the user's to fix: say what, no stack.
  const message = e instanceof ConnectError ? `${e.code === 5 ? 'not found' : 'invalid request'}: ${e.rawMessage}` : e instanceof Error ? e.message : String(e);
  process.stderr.write(`jobindex: ${message}\n`);
  process.exit(e instanceof ConnectError && e.code === 5 ? 3 : 2);
}
