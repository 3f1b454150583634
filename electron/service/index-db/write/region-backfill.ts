import type { Database } from 'better-sqlite3';
import { regionOfPlace } from '../../text/regions.js';
import type { LocationRecord } from '../records.js';
import { IndexWriter } from './index-writer.js';
import { countriesKey, locationText } from './location-text.js';

const CHUNK = 2000;

interface Place {
  rid: number;
  ord: number;
  city: string | null;
  region: string | null;
  country: string | null;
  text: string | null;
  remote: number;
}

const record = (p: Place): LocationRecord => ({
  remote: p.remote === 1,
  ...(p.city !== null ? { city: p.city } : {}),
  ...(p.region !== null ? { region: p.region } : {}),
  ...(p.country !== null ? { country: p.country } : {}),
  ...(p.text !== null ? { text: p.text } : {}),
});

/**
 * Index migration 0015's derived work: the places already held that name a region get their
 * scope, their jobs the region in the countries key and in the search facets, and the card words
 * "Remote — Europe" where the card still holds what the writer composed (an upstream's own card
 * text is kept). Runs inside the caller's transaction.
 */
export function backfillRegions(db: Database): void {
  const rows = db
    .prepare<[], Place>(
      `SELECT l.job_rid AS rid, l.ord, l.city, l.region, l.country, l.text, l.remote FROM job_locations l
       WHERE l.job_rid IN (SELECT job_rid FROM job_locations WHERE country IS NULL AND text IS NOT NULL)
       ORDER BY l.job_rid, l.ord`,
    )
    .all();
  const byJob = new Map<number, Place[]>();
  for (const r of rows) byJob.set(r.rid, [...(byJob.get(r.rid) ?? []), r]);
  const setScope = db.prepare('UPDATE job_locations SET scope = ? WHERE job_rid = ? AND ord = ?');
  const job = db.prepare<[number], { remote: number | null; locationText: string }>(
    'SELECT remote, location_text AS locationText FROM jobs WHERE rid = ?',
  );
  const setJob = db.prepare('UPDATE jobs SET countries = ?, location_text = ? WHERE rid = ?');
  const touched: number[] = [];
  for (const [rid, places] of byJob) {
    let any = false;
    for (const p of places) {
      const scope = regionOfPlace(record(p));
      if (scope) {
        setScope.run(scope, rid, p.ord);
        any = true;
      }
    }
    if (!any) continue;
    const locations = places.map(record);
    const j = job.get(rid)!;
    const remote = j.remote === null ? undefined : j.remote === 1;
    const card =
      j.locationText === locationText(locations, remote, false) ? locationText(locations, remote) : j.locationText;
    setJob.run(countriesKey(locations), card, rid);
    touched.push(rid);
  }
  const writer = new IndexWriter(db);
  for (let i = 0; i < touched.length; i += CHUNK)
    writer.reindexStoredJobs('j.rid IN (SELECT value FROM json_each(?))', JSON.stringify(touched.slice(i, i + CHUNK)));
}
