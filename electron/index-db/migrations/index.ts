import type { Migration } from '../../sqlite/migrate.js';
import { m0001Initial } from './0001-initial.js';
import { m0002SyncState } from './0002-sync-state.js';

/** Every migration of the index file, in order. Add a file per change; never edit a shipped one. */
export const indexMigrations: readonly Migration[] = [m0001Initial, m0002SyncState];
