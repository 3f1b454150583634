import type { Migration } from '../../sqlite/migrate.js';
import { m0001Settings } from './0001-settings.js';

/** Every migration of the user's file, in order. Add a file per change; never edit a shipped one. */
export const userMigrations: readonly Migration[] = [m0001Settings];
