import type { Routes } from '../rpc/router.js';
import type { IndexContext } from '../index-services/index-context.js';
import { openUserDb, type UserDb } from '../user-db/open-user-db.js';
import { userRoutes } from './routes.js';
import { createUserContext, type UserContext, type UserContextOptions } from './user-context.js';

export interface UserDataServices {
  ctx: UserContext;
  routes: Routes;
  /** Moves when hidden jobs or blocked companies change: part of any cache key of search answers. */
  version(): string;
  close(): void;
}

/**
 * Everything a transport mounts for an open user file (the Electron main process, `jobindex serve
 * --user-data`): the routes and the outbox sender, which first
 * delivers what a previous run left queued. `close` stops the sender; the caller closes the file.
 */
export function userDataServices(
  db: UserDb,
  index: () => IndexContext,
  opts: Omit<UserContextOptions, 'index'> = {},
  { deliver = true }: { deliver?: boolean } = {},
): UserDataServices {
  const ctx = createUserContext(db, { index, ...opts });
  if (deliver) ctx.sender.kick();
  return {
    ctx,
    routes: userRoutes(ctx),
    version: () => ctx.exclusions.version(),
    close: () => {
      ctx.sender.stop();
      void ctx.sources?.stop();
    },
  };
}

/** `userDataServices` over a file it opens (and closes on `close`). */
export function openUserDataServices(
  file: string,
  index: () => IndexContext,
  opts: Omit<UserContextOptions, 'index'> = {},
): UserDataServices {
  const db = openUserDb(file);
  const services = userDataServices(db, index, opts);
  return {
    ...services,
    close: () => {
      services.close();
      db.close();
    },
  };
}

/** A search answer depends on the index and, with a user file, on what it hides. */
export function cacheVersion(indexVersion: () => number, user: UserDataServices | undefined): () => string | number {
  return user ? () => `${indexVersion()}:${user.version()}` : indexVersion;
}
