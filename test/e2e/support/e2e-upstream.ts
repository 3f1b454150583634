import { SYNC_UPSTREAM_KEY } from '#service/sync/sync-settings';
import { openUserDb } from '#service/user-db/open-user-db';
import { Settings } from '#service/user-db/settings';

/** The account the report flow signs in with, on the upstream the e2e run starts beside the app. */
export const E2E_ACCOUNT = { email: 'reporter@example.com', password: 'correct horse battery staple' } as const;

/** Points the user file at the upstream, as a user who set `sync.upstream` would. */
export function pointUserFileAt(userFile: string, upstreamUrl: string): void {
  const db = openUserDb(userFile);
  try {
    new Settings(db).set(SYNC_UPSTREAM_KEY, { url: upstreamUrl, everyMinutes: 60 });
  } finally {
    db.close();
  }
}

/**
 * `jobindex serve --accounts` as the upstream that receives reports, with one verified user. It
 * starts after the app's server, which has built dist/ by then.
 */
export function upstreamCommand(indexFile: string, accountsFile: string, port: number): string {
  const cli = 'node bin/jobindex.js';
  return (
    `${cli} users add --accounts "${accountsFile}" --email ${E2E_ACCOUNT.email} --password "${E2E_ACCOUNT.password}" && ` +
    `${cli} serve --db "${indexFile}" --accounts "${accountsFile}" --port ${port} --log-level warn`
  );
}
