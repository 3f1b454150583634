import { composeService, type IndexService, type IndexServiceOptions } from './open-index-service.js';
import { openUserDb, type UserDb } from './user-db/open-user-db.js';
import type { UserContextOptions } from './user-services/user-context.js';
import { userDataServices, type UserDataServices } from './user-services/user-data-services.js';

export { handlersOf } from './open-index-service.js';

export interface ServiceOptions extends IndexServiceOptions {
  /**
   * A user file: its services are mounted beside the index's, and search leaves out the jobs and
   * companies it hides. `create: false` refuses a missing file; `deliver: false` leaves the
   * report outbox alone (a one-shot command sends nothing).
   */
  user?: { file: string; create?: boolean; deliver?: boolean } & Omit<UserContextOptions, 'index'>;
}

export interface Service extends IndexService {
  userDb?: UserDb;
  user?: UserDataServices;
}

/**
 * The one composition root of the service (docs/decisions/floors.md): opens the index and, when
 * asked, the user file, and wires contexts, routes and router the same way for the desktop app's
 * worker, `jobindex serve` and the export command. The index's half of the wiring is
 * `open-index-service.ts`, which the read commands call alone (docs/decisions/cli-cold-start.md).
 */
export function openService(o: ServiceOptions): Service {
  const { user: userOptions, ...indexOptions } = o;
  const opened = composeService(
    indexOptions,
    userOptions &&
      ((index, now) => {
        const { file, create, deliver, ...opts } = userOptions;
        const db = openUserDb(file, create === false ? { create: false } : {});
        try {
          const user = userDataServices(db, index, { now, ...opts }, { deliver: deliver ?? true });
          return {
            db,
            user,
            routes: user.routes,
            exclusions: () => user.ctx.exclusions.current(),
            close() {
              user.close();
              db.close();
            },
          };
        } catch (e) {
          db.close();
          throw e;
        }
      }),
  );
  const { userSide, ...service } = opened;
  const out: Service = service;
  if (userSide) {
    out.userDb = userSide.db;
    out.user = userSide.user;
  }
  return out;
}
