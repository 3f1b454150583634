import { Command } from 'commander';
import { failureOf } from './exit-codes.js';

// `jobindex search … | head`: the reader has what it wanted and closed the pipe. That is no
// failure: stop quietly, as Unix tools do, instead of throwing EPIPE with a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

// Each command's code is loaded only when it runs (docs/decisions/snapshots.md § A fast CLI): a
// search must not pay for the crawler's parsers, the server or the generator. In help order.
const COMMANDS: Record<string, () => Promise<Command>> = {
  search: async () => (await import('./search-command.js')).searchCommand,
  get: async () => (await import('./get-command.js')).getCommand,
  companies: async () => (await import('./companies-command.js')).companiesCommand,
  info: async () => (await import('./info-command.js')).infoCommand,
  generate: async () => (await import('./generate-command.js')).generateCommand,
  purge: async () => (await import('./purge-command.js')).purgeCommand,
  users: async () => (await import('./users-command.js')).usersCommand,
  serve: async () => (await import('./serve-command.js')).serveCommand,
  export: async () => (await import('./export-command.js')).exportCommand,
  sync: async () => (await import('./sync-command.js')).syncCommand,
  crawl: async () => (await import('./crawl-command.js')).crawlCommand,
  evolve: async () => (await import('./evolve-command.js')).evolveCommand,
  snapshot: async () => (await import('./snapshot-command.js')).snapshotCommand,
  boards: async () => (await import('./boards-command.js')).boardsCommand,
};

const program = new Command('jobindex').description('Job Index: search a local copy of the job index');
// The command named first on the line; anything else (help, an unknown name) loads them all, so
// help lists every command and an unknown one is named by commander as before.
const named = process.argv.slice(2).find((a) => !a.startsWith('-'));
const wanted = named && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
for (const c of await Promise.all(wanted.map((n) => COMMANDS[n]!()))) program.addCommand(c);

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
