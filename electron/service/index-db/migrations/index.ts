import type { Migration } from '../../sqlite/migrate.js';
import { m0001Initial } from './0001-initial.js';
import { m0002SyncState } from './0002-sync-state.js';
import { m0003SyncCardLog } from './0003-sync-card-log.js';
import { m0004CrawlBoards } from './0004-crawl-boards.js';
import { m0007ComparablePay } from './0007-comparable-pay.js';
import { m0008UnknownStaysUnknown } from './0008-unknown-stays-unknown.js';
import { m0009PostingSource } from './0009-posting-source.js';
import { m0010PayOrderSearch } from './0010-pay-order-search.js';
import { m0011PayFloorCells } from './0011-pay-floor-cells.js';
import { m0012JobSources } from './0012-job-sources.js';
import { m0013PostedAgeAndFold } from './0013-posted-age-and-fold.js';
import { m0015RegionPostings } from './0015-region-postings.js';
import { m0017PlaceWords } from './0017-place-words.js';
import { m0019BoardRot } from './0019-board-rot.js';
import { m0023RoleCounts } from './0023-role-counts.js';
import { m0024PackedDescriptions } from './0024-packed-descriptions.js';

/** Every migration of the index file, in order. Add a file per change; never edit a shipped one. */
export const indexMigrations: readonly Migration[] = [
  m0001Initial,
  m0002SyncState,
  m0003SyncCardLog,
  m0004CrawlBoards,
  m0007ComparablePay,
  m0008UnknownStaysUnknown,
  m0009PostingSource,
  m0010PayOrderSearch,
  m0011PayFloorCells,
  m0012JobSources,
  m0013PostedAgeAndFold,
  m0015RegionPostings,
  m0017PlaceWords,
  m0019BoardRot,
  m0023RoleCounts,
  m0024PackedDescriptions,
];
