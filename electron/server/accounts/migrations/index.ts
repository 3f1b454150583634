import type { Migration } from '#service/sqlite/migrate';
import { m0001Initial } from './0001-initial.js';
import { m0002ReportIdempotency } from './0002-report-idempotency.js';

/** Every migration of the accounts file, in order. Add a file per change; never edit a shipped one. */
export const accountsMigrations: readonly Migration[] = [m0001Initial, m0002ReportIdempotency];
