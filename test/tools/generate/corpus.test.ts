import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import countries from 'i18n-iso-countries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#tools/generate/build-index';
import { generateCorpus, type CorpusOptions } from '../../../electron/tools/generate/corpus.js';
import { COUNTRIES } from '../../../electron/tools/generate/geography.js';
import type { JobRecord } from '#service/index-db/records';
import { EMPLOYMENT_TYPES, SENIORITIES, WORK_MODES } from '#shared/rules/vocabulary';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** A stable fingerprint of everything a corpus yields, in order. */
function corpusHash(opts: CorpusOptions): { companies: string; jobs: string; count: number } {
  const corpus = generateCorpus(opts);
  const h = createHash('sha256');
  let count = 0;
  for (const job of corpus.jobs()) {
    h.update(JSON.stringify(job));
    h.update('\n');
    count++;
  }
  return { companies: sha256(JSON.stringify(corpus.companies)), jobs: h.digest('hex'), count };
}

describe('generateCorpus determinism', () => {
  const base: CorpusOptions = { jobs: 2000, seed: 42, now: NOW };

  it('gives identical companies and jobs for the same seed and now', () => {
    const a = corpusHash(base);
    const b = corpusHash({ ...base });
    expect(a.count).toBe(2000);
    expect(b).toEqual(a);
  });

  it('yields the same jobs on every call of jobs() on one corpus', () => {
    const corpus = generateCorpus({ ...base, jobs: 300 });
    const first = [...corpus.jobs()];
    const second = [...corpus.jobs()];
    expect(first).toHaveLength(300);
    expect(second).toEqual(first);
  });

  it('differs for a different seed', () => {
    const a = corpusHash(base);
    const b = corpusHash({ ...base, seed: 43 });
    expect(b.companies).not.toBe(a.companies);
    expect(b.jobs).not.toBe(a.jobs);
  });

  it('differs for a different now, and shifts every time with it', () => {
    const a = corpusHash(base);
    const b = corpusHash({ ...base, now: NOW + DAY });
    expect(b.jobs).not.toBe(a.jobs);
    expect(b.companies).not.toBe(a.companies);
    // A later `now` describes the same world a day later, not the same timestamps.
    const later = [...generateCorpus({ ...base, jobs: 50, now: NOW + DAY }).jobs()];
    for (const j of later) expect(j.discoveredAt).toBeGreaterThan(NOW + DAY - 181 * DAY);
  });
});

describe('generateCorpus realism (5000 jobs)', () => {
  const opts: CorpusOptions = { jobs: 5000, seed: 2026, now: NOW };
  const corpus = generateCorpus(opts);
  const jobs: JobRecord[] = [...corpus.jobs()];
  const companyIds = new Set(corpus.companies.map((c) => c.id));

  it('yields the requested number of jobs, each of a known company', () => {
    expect(jobs).toHaveLength(5000);
    expect(corpus.companies.length).toBeGreaterThanOrEqual(50);
    for (const j of jobs) expect(companyIds.has(j.companyId)).toBe(true);
  });

  it('covers every employment type, seniority and work mode', () => {
    expect(new Set(jobs.map((j) => j.employmentType))).toEqual(new Set(EMPLOYMENT_TYPES));
    expect(new Set(jobs.map((j) => j.seniority))).toEqual(new Set(SENIORITIES));
    expect(new Set(jobs.map((j) => j.workMode))).toEqual(new Set(WORK_MODES));
    for (const j of jobs) expect(j.remote).toBe(j.workMode === 'remote');
  });

  it('places jobs in at least 20 real countries and their real cities', () => {
    const citiesOf = new Map(COUNTRIES.map((c) => [c.code, new Set(c.cities.map(([city]) => city))]));
    const seenCountries = new Set<string>();
    const seenCities = new Set<string>();
    for (const j of jobs) {
      expect(j.locations.length).toBeGreaterThan(0);
      for (const l of j.locations) {
        if (l.country !== undefined) {
          expect(countries.isValid(l.country), l.country).toBe(true);
          seenCountries.add(l.country);
        }
        if (l.city !== undefined) {
          // An office is a city of the country it is listed under.
          expect(l.country).toBeDefined();
          expect(citiesOf.get(l.country!)?.has(l.city), `${l.city}, ${l.country}`).toBe(true);
          expect(l.remote).toBe(false);
          seenCities.add(l.city);
        } else {
          expect(l.remote).toBe(true);
          expect(l.text).toMatch(/^Remote \(.+\)$/);
        }
      }
    }
    expect(seenCountries.size).toBeGreaterThanOrEqual(20);
    for (const city of ['New York', 'London', 'Berlin', 'Toronto', 'Paris', 'Bengaluru', 'Sydney']) {
      expect(seenCities, city).toContain(city);
    }
    // Real place names keep their diacritics.
    expect([...seenCities].some((c) => /[^\p{ASCII}]/u.test(c))).toBe(true);
  });

  it('gives some jobs several locations', () => {
    const multi = jobs.filter((j) => j.locations.length > 1);
    expect(multi.length).toBeGreaterThan(jobs.length * 0.05);
    expect(multi.some((j) => j.locations.filter((l) => l.city).length >= 2)).toBe(true);
    for (const j of multi) {
      const cities = j.locations.map((l) => l.city).filter((c) => c !== undefined);
      expect(new Set(cities).size, j.id).toBe(cities.length);
    }
  });

  it('gives most jobs a sane salary in several currencies and periods, and some none', () => {
    const withSalary = jobs.filter((j) => j.salary);
    const without = jobs.length - withSalary.length;
    expect(without).toBeGreaterThan(jobs.length * 0.1);
    expect(withSalary.length).toBeGreaterThan(jobs.length * 0.5);
    for (const j of withSalary) {
      const s = j.salary!;
      expect(Number.isInteger(s.min) && Number.isInteger(s.max), j.id).toBe(true);
      expect(s.min, j.id).toBeGreaterThan(0);
      expect(s.min, j.id).toBeLessThanOrEqual(s.max);
      // Fits the wire's int32.
      expect(s.max, j.id).toBeLessThan(2 ** 31);
      expect(s.currency).toMatch(/^[A-Z]{3}$/);
    }
    const currencies = new Set(withSalary.map((j) => j.salary!.currency));
    expect(currencies.size).toBeGreaterThanOrEqual(5);
    for (const c of ['USD', 'EUR', 'GBP']) expect(currencies).toContain(c);
    const periods = new Set(withSalary.map((j) => j.salary!.period));
    for (const p of ['year', 'month', 'hour']) expect(periods).toContain(p);
    // Hourly pay looks hourly, annual pay looks annual (in dollars).
    const usd = withSalary.filter((j) => j.salary!.currency === 'USD');
    for (const j of usd.filter((j) => j.salary!.period === 'hour')) expect(j.salary!.max).toBeLessThan(500);
    for (const j of usd.filter((j) => j.salary!.period === 'year')) expect(j.salary!.min).toBeGreaterThan(5000);
  });

  it('puts hostile markup in a few descriptions, and HTML in all', () => {
    for (const j of jobs) expect(j.descriptionHtml).toMatch(/<p>/);
    const hostile = jobs.filter((j) => /<script|onerror=|javascript:/i.test(j.descriptionHtml));
    expect(hostile.length).toBeGreaterThan(0);
    expect(hostile.length).toBeLessThan(jobs.length * 0.1);
    const kinds = new Set(
      hostile.map((j) =>
        /<script/i.test(j.descriptionHtml) ? 'script' : /onerror=/i.test(j.descriptionHtml) ? 'onerror' : 'javascript',
      ),
    );
    expect(kinds).toEqual(new Set(['script', 'onerror', 'javascript']));
  });

  it('draws jobs from several source platforms with apply links', () => {
    const platforms = new Set(jobs.map((j) => j.sourcePlatform));
    expect(platforms.size).toBeGreaterThanOrEqual(5);
    for (const j of jobs) {
      expect(j.applyUrl, j.id).toMatch(/^https:\/\//);
      expect(j.sourceType).toBe('ats');
    }
  });

  it('spreads discovery over months, never after now, with consistent timestamps', () => {
    const discovered = jobs.map((j) => j.discoveredAt);
    const min = Math.min(...discovered);
    const max = Math.max(...discovered);
    expect(max).toBeLessThanOrEqual(NOW);
    expect(max - min).toBeGreaterThan(90 * DAY);
    const months = new Set(discovered.map((t) => new Date(t).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
    // Newer postings outnumber old ones, as on a live market.
    expect(discovered.filter((t) => t > NOW - 30 * DAY).length).toBeGreaterThan(
      discovered.filter((t) => t < NOW - 150 * DAY).length,
    );
    for (const j of jobs) {
      expect(j.lastVerifiedAt, j.id).toBeLessThanOrEqual(NOW);
      expect(j.lastSeenAt, j.id).toBeLessThanOrEqual(NOW);
      expect(j.lastScrapedAt, j.id).toBeLessThanOrEqual(NOW);
      expect(j.lastVerifiedAt, j.id).toBeGreaterThanOrEqual(j.discoveredAt);
      expect(j.lastScrapedAt, j.id).toBeGreaterThanOrEqual(j.discoveredAt);
    }
  });

  it('expires some jobs recently and some long ago', () => {
    for (const j of jobs) expect(j.status === 'expired', j.id).toBe(j.expiredAt !== undefined);
    const expired = jobs.filter((j) => j.status === 'expired');
    for (const j of expired) {
      expect(j.expiredAt!, j.id).toBeLessThanOrEqual(NOW);
      expect(j.expiredAt!, j.id).toBeGreaterThanOrEqual(j.discoveredAt);
    }
    const recent = expired.filter((j) => NOW - j.expiredAt! < 30 * DAY);
    const old = expired.filter((j) => NOW - j.expiredAt! > 30 * DAY);
    expect(recent.length).toBeGreaterThan(0);
    expect(old.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThan(jobs.length * 0.2);
  });

  it('gives every job and company a unique valid uuid, and companies unique slugs', () => {
    const ids = [...jobs.map((j) => j.id), ...corpus.companies.map((c) => c.id)];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const slugs = corpus.companies.map((c) => c.slug);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(corpus.companies.map((c) => c.name)).size).toBe(corpus.companies.length);
  });
});

describe('buildIndex determinism', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jobindex-build-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const TABLES: Array<[table: string, order: string]> = [
    ['companies', 'id'],
    ['jobs', 'id'],
    ['job_locations', 'job_rid, ord'],
    ['job_descriptions', 'rid'],
    ['facet_counts', 'field, value'],
    ['search_terms', 'term'],
  ];

  function contentHashes(file: string): Record<string, { rows: number; hash: string }> {
    const db = new Database(file, { readonly: true });
    try {
      const out: Record<string, { rows: number; hash: string }> = {};
      for (const [table, order] of TABLES) {
        const rows = db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all();
        out[table] = { rows: rows.length, hash: sha256(JSON.stringify(rows)) };
      }
      return out;
    } finally {
      db.close();
    }
  }

  it('writes the same rows for the same options, and other rows for another seed', () => {
    const opts: CorpusOptions = { jobs: 800, seed: 5, now: NOW };
    const a = join(dir, 'a.sqlite');
    const b = join(dir, 'b.sqlite');
    const c = join(dir, 'c.sqlite');
    expect(buildIndex(a, opts)).toEqual({ jobs: 800, companies: 20 });
    buildIndex(b, { ...opts });
    buildIndex(c, { ...opts, seed: 6 });
    const ha = contentHashes(a);
    const hb = contentHashes(b);
    expect(ha.jobs!.rows).toBe(800);
    expect(ha.job_descriptions!.rows).toBe(800);
    expect(ha.job_locations!.rows).toBeGreaterThan(800);
    expect(ha.companies!.rows).toBe(20);
    expect(hb).toEqual(ha);
    const hc = contentHashes(c);
    expect(hc.jobs!.hash).not.toBe(ha.jobs!.hash);
    expect(hc.companies!.hash).not.toBe(ha.companies!.hash);
  });

  it('leaves no free pages in the file it writes', () => {
    const file = join(dir, 'compact.sqlite');
    buildIndex(file, { jobs: 800, seed: 5, now: NOW });
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('freelist_count', { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  });

  it('replaces an existing file rather than adding to it', () => {
    const file = join(dir, 'again.sqlite');
    buildIndex(file, { jobs: 300, seed: 9, now: NOW });
    const first = contentHashes(file);
    buildIndex(file, { jobs: 300, seed: 9, now: NOW });
    expect(contentHashes(file)).toEqual(first);
    expect(first.jobs!.rows).toBe(300);
  });
});
