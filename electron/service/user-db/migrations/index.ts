import type { Migration } from '../../sqlite/migrate.js';
import { m0001Settings } from './0001-settings.js';
import { m0002SavedJobs } from './0002-saved-jobs.js';
import { m0003SavedSearches } from './0003-saved-searches.js';
import { m0004HiddenAndBlocked } from './0004-hidden-and-blocked.js';
import { m0005ReportOutbox } from './0005-report-outbox.js';
import { m0006FollowedBoards } from './0006-followed-boards.js';
import { m0007SearchAlerts } from './0007-search-alerts.js';
import { m0008UnsavedKept } from './0008-unsaved-kept.js';
import { m0012FollowedAnyPlatform } from './0012-followed-any-platform.js';
import { m0013Sources } from './0013-sources.js';
import { m0014DirectorySet } from './0014-directory-set.js';

/** Every migration of the user's file, in order. Add a file per change; never edit a shipped one. */
export const userMigrations: readonly Migration[] = [
  m0001Settings,
  m0002SavedJobs,
  m0003SavedSearches,
  m0004HiddenAndBlocked,
  m0005ReportOutbox,
  m0006FollowedBoards,
  m0007SearchAlerts,
  m0008UnsavedKept,
  m0012FollowedAnyPlatform,
  m0013Sources,
  m0014DirectorySet,
];
