import type { Database } from 'better-sqlite3';
import { REGIONS } from '../../text/regions.js';

// Which countries a stored place answers, in SQL: its own country, or every member of the region
// it is open to (job_locations.scope, region-postings.md). Facet counts use it so that a country's
// count is what its filter answers (facets-follow-query.md), region postings included.

/** `('EUROPE','AT'),…`: region codes and country codes are letters, digits and `_`, safe as literals. */
const MEMBER_ROWS = Object.entries(REGIONS)
  .flatMap(([code, r]) => r.members.split(' ').map((c) => `('${code}','${c}')`))
  .join(',');

/**
 * Gives `db` its connection's table of region members (temp: it follows this build's regions,
 * never the file's age). A keyed table, because joining `json_each` of the whole map cost a parse
 * per location row: most of a country count's time.
 */
export function withRegionMembers(db: Database): Database {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS region_members (scope TEXT NOT NULL, country TEXT NOT NULL,
    PRIMARY KEY (scope, country)) WITHOUT ROWID;
    INSERT OR IGNORE INTO temp.region_members (scope, country) VALUES ${MEMBER_ROWS};`);
  return db;
}

/** Joins the members of a place's region to `job_locations l` (no rows for a place without one). */
export const REGION_MEMBERS_JOIN = 'LEFT JOIN temp.region_members rm ON rm.scope = l.scope';

/** The country a joined row answers. */
export const PLACE_COUNTRY = 'coalesce(l.country, rm.country)';
