import { describe, expect, it } from 'vitest';
import { afterIndexMigrations } from '../../../../electron/service/index-db/after-migrate.js';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, columns, putJob, upgradeTo, type Db } from '../../sqlite/migration-steps.js';

/** A job as the writer before regions left it: its places, countries key, card words and search row. */
function putPlacedJob(
  db: Db,
  id: string,
  places: Array<{ text: string; country?: string; remote?: boolean }>,
  card: string,
) {
  const rid = putJob(db, id);
  places.forEach((p, i) =>
    db
      .prepare('INSERT INTO job_locations (job_rid, ord, country, text, remote) VALUES (?, ?, ?, ?, ?)')
      .run(rid, i, p.country ?? null, p.text, p.remote ? 1 : 0),
  );
  const codes = places.flatMap((p) => (p.country ? [p.country] : []));
  db.prepare('UPDATE jobs SET countries = ?, location_text = ? WHERE rid = ?').run(
    codes.length ? `,${codes.join(',')},` : '',
    card,
    rid,
  );
  db.prepare("INSERT INTO job_descriptions (rid, html) VALUES (?, '<p>Build things.</p>')").run(rid);
  db.prepare(
    "INSERT INTO job_search (rowid, title, company, description, facets) VALUES (?, 'Engineer', 'Acme', 'Build things.', 'xr10')",
  ).run(rid);
}

const facetHits = (db: Db, token: string): string[] =>
  db
    .prepare<[string], string>(
      'SELECT j.id FROM job_search s JOIN jobs j ON j.rid = s.rowid WHERE job_search MATCH ? ORDER BY j.id',
    )
    .pluck()
    .all(`facets: "${token}"`);

describe('index migration 0015 (region postings)', () => {
  it("adds the scope of a place and asks for the places already held to be read by today's rules", () => {
    const db = builtAt(M, before(M, 15));
    putPlacedJob(db, 'europe', [{ text: 'Remote - Europe', remote: true }], 'Remote - Europe');
    putPlacedJob(
      db,
      'uk-europe',
      [
        { text: 'UK', country: 'GB' },
        { text: 'Europe - Remote', remote: true },
      ],
      'UK +1 more',
    );
    putPlacedJob(db, 'global', [{ text: 'Remote - Global', remote: true }], 'Remote - Global');
    putPlacedJob(db, 'berlin', [{ text: 'Berlin, Germany', country: 'DE' }], 'Berlin, Germany');
    putPlacedJob(db, 'upstream-card', [{ text: 'EMEA' }], 'EMEA (as the upstream wrote it)');
    upgradeTo(db, M, 15);
    expect(columns(db, 'job_locations')).toContain('scope');
    expect(db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_regions'").pluck().get()).toBe('1');

    // The derived work runs after every migration of today's app, as an open does it.
    upgradeTo(db, M, M.at(-1)!.version);
    afterIndexMigrations(db);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key LIKE 'after_migrate_%'").pluck().get()).toBe(0);
    const job = db.prepare<[string], { countries: string; card: string }>(
      'SELECT countries, location_text AS card FROM jobs WHERE id = ?',
    );
    expect(job.get('europe')).toEqual({ countries: ',~EUROPE,', card: 'Remote — Europe' });
    expect(job.get('uk-europe')).toEqual({ countries: ',GB,~EUROPE,', card: 'UK +1 more' });
    // "Global" names no region and invents no country; a named country is untouched.
    expect(job.get('global')).toEqual({ countries: '', card: 'Remote - Global' });
    expect(job.get('berlin')).toEqual({ countries: ',DE,', card: 'Berlin, Germany' });
    // An upstream's own card words are kept; the region is still stored and searchable.
    expect(job.get('upstream-card')).toEqual({ countries: ',~EMEA,', card: 'EMEA (as the upstream wrote it)' });
    expect(
      db
        .prepare(
          'SELECT j.id, l.scope FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE l.scope IS NOT NULL ORDER BY j.id',
        )
        .all(),
    ).toEqual([
      { id: 'europe', scope: 'EUROPE' },
      { id: 'uk-europe', scope: 'EUROPE' },
      { id: 'upstream-card', scope: 'EMEA' },
    ]);
    expect(
      db
        .prepare('SELECT count(*) FROM job_locations WHERE country IS NULL AND scope IS NOT NULL AND text = ?')
        .pluck()
        .get('UK'),
    ).toBe(0);
    // The search rows carry the region facets, so the FTS plans answer a country filter too.
    expect(facetHits(db, 'xgeurope0')).toEqual(['europe', 'uk-europe']);
    expect(facetHits(db, 'xgemea0')).toEqual(['upstream-card']);
    expect(facetHits(db, 'xcgb0')).toEqual(['uk-europe']);
  });

  it('asks for nothing in a file without place texts', () => {
    const db = builtAt(M, before(M, 15));
    putJob(db, 'placeless');
    upgradeTo(db, M, 15);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_regions'").pluck().get()).toBe(0);
  });
});
