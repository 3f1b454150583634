import { Command } from 'commander';
import { openAccounts } from '#server/accounts/open-accounts';
import { addUser } from '#server/accounts/users';

// `jobindex users add`: the only way to create accounts until sign-up exists (docs/decisions/accounts.md).
const addCommand = new Command('add')
  .description('add a user to an accounts file (created when missing)')
  .requiredOption('--accounts <file>', 'accounts file')
  .requiredOption('--email <email>', 'e-mail address (stored lower-cased; unique)')
  .requiredOption('--password <password>', 'password, at least 8 characters')
  .option('--unverified', 'mark the e-mail as not verified (the user cannot report jobs)')
  .action(async (o: { accounts: string; email: string; password: string; unverified?: boolean }) => {
    const db = openAccounts(o.accounts);
    try {
      const user = await addUser(db, { email: o.email, password: o.password, verified: !o.unverified });
      process.stdout.write(`Added user ${user.email} (${user.verified ? 'verified' : 'unverified'}).\n`);
    } finally {
      db.close();
    }
  });

export const usersCommand = new Command('users')
  .description('manage the accounts of the REST endpoints')
  .addCommand(addCommand);
