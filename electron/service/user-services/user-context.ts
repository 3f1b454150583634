import type { IndexContext } from '../index-services/index-context.js';
import { OutboxSender } from '../outbox/outbox-sender.js';
import { UpstreamAccounts } from '../outbox/upstream-accounts.js';
import { UpstreamSession } from '../outbox/upstream-session.js';
import { BlockedCompanies } from '../user-db/blocked-companies.js';
import { HiddenJobs } from '../user-db/hidden-jobs.js';
import type { UserDb } from '../user-db/open-user-db.js';
import { ReportOutbox } from '../user-db/report-outbox.js';
import { SavedJobs } from '../user-db/saved-jobs.js';
import { SavedSearches } from '../user-db/saved-searches.js';
import { Secrets, plainBox, type SecretBox } from '../user-db/secrets.js';
import { Settings } from '../user-db/settings.js';
import { SavedJobsSyncPort } from './saved-jobs-sync.js';
import { UserExclusions } from './exclusions.js';
import { Sources, type SourcesOptions } from './sources.js';
import { upstreamFromSettings } from './upstream-url.js';

/** Everything the user services need: the user file's stores, the current index, the outbox. */
export interface UserContext {
  db: UserDb;
  settings: Settings;
  saved: SavedJobs;
  searches: SavedSearches;
  hidden: HiddenJobs;
  blocked: BlockedCompanies;
  exclusions: UserExclusions;
  outbox: ReportOutbox;
  session: UpstreamSession;
  /** The upstream's account endpoints (sign-in, password reset, reports). */
  client: UpstreamAccounts;
  sender: OutboxSender;
  /** The index now open (the app replaces it when a newer one arrives). */
  index: () => IndexContext;
  /** Where reports go; undefined while no upstream is set. */
  upstream: () => string | undefined;
  /** Followed boards and their crawls; absent where no index file can be written. */
  sources?: Sources;
  /** Where the data lives, for the Settings screen; absent where nothing shows it (the CLI). */
  place?: SettingsPlace;
  now: () => number;
}

/** Where this process keeps its data, and whether it syncs on the schedule (the desktop app does). */
export interface SettingsPlace {
  indexFile: string;
  userFile: string;
  backgroundSync: boolean;
}

export interface UserContextOptions {
  index: () => IndexContext;
  /** Seals the upstream session in the file; the Electron shell passes one over safeStorage. */
  secretBox?: SecretBox;
  /** Default: the `sync.upstream` setting of the user file, the same upstream sync uses. */
  upstream?: () => string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  /** Retry failed sends on a timer (default true). */
  timers?: boolean;
  /** Follow boards and crawl them into this index file (the app; `jobindex serve --user-data`). */
  sources?: SourcesOptions;
  place?: SettingsPlace;
}

export function createUserContext(db: UserDb, opts: UserContextOptions): UserContext {
  const now = opts.now ?? Date.now;
  const settings = new Settings(db, now);
  const hidden = new HiddenJobs(db, now);
  const blocked = new BlockedCompanies(db, now);
  const outbox = new ReportOutbox(db, now);
  const client = new UpstreamAccounts(opts.fetch);
  const session = new UpstreamSession(client, new Secrets(db, opts.secretBox ?? plainBox, now), settings);
  const upstream = opts.upstream ?? (() => upstreamFromSettings(settings));
  const saved = new SavedJobs(db, now);
  return {
    db,
    settings,
    saved,
    searches: new SavedSearches(db, now),
    hidden,
    blocked,
    exclusions: new UserExclusions(db, hidden, blocked),
    outbox,
    session,
    client,
    sender: new OutboxSender(outbox, session, client, {
      upstream,
      now,
      ...(opts.timers === undefined ? {} : { timers: opts.timers }),
    }),
    index: opts.index,
    upstream,
    ...(opts.sources ? { sources: new Sources(db, opts.sources, new SavedJobsSyncPort(saved), now) } : {}),
    ...(opts.place ? { place: opts.place } : {}),
    now,
  };
}
