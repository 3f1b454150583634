import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openAccounts } from '#server/accounts/open-accounts';
import { addUser } from '#server/accounts/users';
import { root } from '../../helpers/built-dist.js';
import { startServe } from '../../helpers/listening-process.js';
import { pointUserFileAt } from './e2e-upstream.js';

interface Server {
  url: string;
  stop(): Promise<void>;
}

/**
 * A folder of its own holding a copy of the e2e index, for a server whose index a spec changes
 * (the shared one stays as the other specs expect).
 */
export function copyE2eIndex(name: string): { dir: string; index: string } {
  const index = process.env.JOBINDEX_E2E_INDEX;
  if (!index) throw new Error('JOBINDEX_E2E_INDEX is not set: run through playwright.config.ts');
  const dir = mkdtempSync(join(tmpdir(), `jobindex-e2e-${name}-`));
  const copy = join(dir, 'index.sqlite');
  // VACUUM INTO copies what the server's readers see, WAL included.
  const src = new Database(index, { readonly: true });
  try {
    src.prepare('VACUUM INTO ?').run(copy);
  } finally {
    src.close();
  }
  return { dir, index: copy };
}

/** `jobindex serve …` on a free port; resolves with its URL once it listens. */
export async function serve(args: string[]): Promise<Server> {
  const s = await startServe(args);
  return { url: s.url, stop: async () => void (await s.stop()) };
}

export interface Account {
  email: string;
  password: string;
  verified: boolean;
}

export interface IsolatedApp {
  /** The app (UI and API) with a user file of its own. */
  url: string;
  /** The upstream that receives its reports (`serve --accounts`). */
  upstream: string;
  /** Marks an account's e-mail verified on the upstream, as its verification step would. */
  verify(email: string): void;
  /** The e-mail addresses the upstream was asked to send a password reset to, in order. */
  passwordResets(): string[];
  stop(): Promise<void>;
}

/**
 * A second app server with its own user file and its own upstream and accounts, for flows that
 * change who the user is signed in as (or throttle an e-mail): the shared e2e server's outbox and
 * session stay as the other specs expect. Serves the UI the e2e run has already built.
 */
export async function startIsolatedApp(accounts: Account[]): Promise<IsolatedApp> {
  const index = process.env.JOBINDEX_E2E_INDEX;
  if (!index) throw new Error('JOBINDEX_E2E_INDEX is not set: run through playwright.config.ts');
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-e2e-own-'));
  const accountsFile = join(dir, 'accounts.sqlite');
  const db = openAccounts(accountsFile);
  try {
    for (const a of accounts) await addUser(db, a);
  } finally {
    db.close();
  }
  const upstream = await serve(['--db', index, '--accounts', accountsFile]);
  const userFile = join(dir, 'user.sqlite');
  pointUserFileAt(userFile, upstream.url);
  const app = await serve(['--db', index, '--user-data', userFile, '--ui', join(root, 'dist', 'renderer')]).catch(
    async (e: unknown) => {
      await upstream.stop();
      throw e;
    },
  );
  return {
    url: app.url,
    upstream: upstream.url,
    verify(email) {
      const a = openAccounts(accountsFile);
      try {
        a.prepare('UPDATE users SET verified = 1 WHERE email = ?').run(email.toLowerCase());
      } finally {
        a.close();
      }
    },
    passwordResets() {
      const a = openAccounts(accountsFile);
      try {
        return a.prepare('SELECT email FROM password_reset_requests ORDER BY id').pluck().all() as string[];
      } finally {
        a.close();
      }
    },
    async stop() {
      await Promise.all([app.stop(), upstream.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
