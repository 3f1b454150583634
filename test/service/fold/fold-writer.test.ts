import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { foldTitle, jaccard, placeWords } from '../../../electron/service/index-db/fold/fold-rules.js';
import { refoldAll } from '../../../electron/service/index-db/fold/fold-writer.js';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';

// Folding at write time (docs/decisions/folding.md): which postings share a fold group.

const T = FIXTURE.now + 3_600_000;
const YEAR = 365 * 86_400_000;
let h: Harness;
beforeAll(() => {
  h = openFixture({ writable: true });
});
afterAll(() => h.close());

const companyId = (slug: string) => h.db.prepare('SELECT id FROM companies WHERE slug = ?').pluck().get(slug) as string;
const slugs = () => h.db.prepare('SELECT slug FROM companies ORDER BY slug LIMIT 2').pluck().all() as string[];

/** A description of 200 words drawn from its seed; `swap` replaces that many words with new ones. */
function text(seed: number, swap = 0, extra = ''): string {
  const out: string[] = [];
  // Letters only: words with digits (pay, hours) are not compared.
  const word = (k: number) => `w${k.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
  for (let i = 0; i < 200; i++)
    out.push(i < swap ? `novel${word(seed)}x${word(i)}` : word((i * 7919 + seed * 104729) % 100000));
  return `<p>${out.join(' ')} ${extra}</p>`;
}

let n = 0;
function job(over: Partial<JobRecord>): JobRecord {
  n++;
  return {
    id: `f01d0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    slug: '',
    title: 'Fold Cartographer',
    companyId: companyId(slugs()[0]!),
    locations: [{ city: 'Berlin', country: 'DE', remote: false }],
    employmentType: 'full_time',
    seniority: 'senior',
    descriptionHtml: text(1),
    sourceType: 'ats',
    sourcePlatform: 'greenhouse',
    status: 'active',
    discoveredAt: T,
    lastSeenAt: T,
    lastScrapedAt: T,
    lastVerifiedAt: T,
    ...over,
  };
}

function write(...jobs: JobRecord[]): string[] {
  const w = new IndexWriter(h.db);
  w.transaction(() => jobs.forEach((j) => w.upsertJob(j)));
  return jobs.map((j) => h.db.prepare('SELECT fold_key FROM jobs WHERE id = ?').pluck().get(j.id) as string);
}

describe('folding at write time', () => {
  it('folds one role posted in several places, the place in the title or not, the text naming its town', () => {
    const keys = write(
      job({ title: 'Fold Cartographer - Berlin', descriptionHtml: text(2, 0, 'Berlin office') }),
      job({
        title: 'Fold Cartographer - Munich',
        locations: [{ city: 'Munich', country: 'DE', remote: false }],
        descriptionHtml: text(2, 0, 'Munich office, 5 days'),
      }),
      job({
        title: 'Fold Cartographer (Remote, Germany)',
        locations: [{ country: 'DE', remote: true }],
        descriptionHtml: text(2, 0, 'office'),
      }),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('never folds another employer, level, contract type or team, even with the same text', () => {
    const [a, b] = slugs();
    const base = { descriptionHtml: text(3) };
    const keys = write(
      job({ ...base }),
      job({ ...base, companyId: companyId(b!) }),
      job({ ...base, seniority: 'mid' }),
      job({ ...base, employmentType: 'contract' }),
      job({ ...base, title: 'Fold Cartographer - Payments' }),
      job({ ...base, title: 'Fold Cartographer II' }),
    );
    expect(a).not.toBe(b);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('folds a description a few words apart (word-Jaccard ≥ 0.9), not one rewritten', () => {
    const [orig, close, far] = write(
      job({ descriptionHtml: text(4) }),
      job({ descriptionHtml: text(4, 8) }),
      job({ descriptionHtml: text(4, 30) }),
    );
    expect(close).toBe(orig);
    expect(far).not.toBe(orig);
  });

  it('folds a repost into the posting it reopens, expired or not, and keeps both readable', () => {
    const first = job({
      descriptionHtml: text(5),
      status: 'expired',
      expiredAt: T - 4 * YEAR,
      discoveredAt: T - 5 * YEAR,
      postedAt: T - 5 * YEAR,
      lastSeenAt: T - 4 * YEAR,
      lastScrapedAt: T - 4 * YEAR,
      lastVerifiedAt: T - 4 * YEAR,
    });
    const again = job({ descriptionHtml: text(5) });
    const [k1, k2] = write(first, again);
    expect(k2).toBe(k1);
    expect(h.db.prepare('SELECT count(*) FROM jobs WHERE fold_key = ?').pluck().get(k1)).toBe(2);
  });

  it('gives the evidence in the detail: reposted, first posted when, the other places; a lone posting gets none', async () => {
    const old = job({
      descriptionHtml: text(7),
      status: 'expired',
      expiredAt: T - 4 * YEAR,
      discoveredAt: T - 5 * YEAR,
      postedAt: Date.UTC(2020, 3, 6),
      lastSeenAt: T - 4 * YEAR,
      lastScrapedAt: T - 4 * YEAR,
      lastVerifiedAt: T - 4 * YEAR,
    });
    const now = job({ descriptionHtml: text(7) });
    const there = job({ descriptionHtml: text(7), locations: [{ city: 'Hamburg', country: 'DE', remote: false }] });
    const lone = job({ descriptionHtml: text(8), title: 'Lone Surveyor' });
    write(old, now, there, lone);
    const d = await h.jobs.get({ id: now.id });
    expect(d.fold?.reposts).toBe(1);
    expect(new Date(Number(d.fold!.firstPostedAt!.seconds) * 1000).toISOString()).toBe('2020-04-06T00:00:00.000Z');
    expect(d.fold?.postings).toBe(2);
    expect(d.fold?.locations.map((l) => l.city)).toEqual(['Hamburg']);
    expect((await h.jobs.get({ id: lone.id })).fold).toBeUndefined();
  });

  it('moves a posting out of its group when its text is rewritten, and refolding the file gives the same groups', () => {
    const a = job({ descriptionHtml: text(6) });
    const b = job({ descriptionHtml: text(6) });
    const [ka, kb] = write(a, b);
    expect(kb).toBe(ka);
    const [kb2] = write({ ...b, descriptionHtml: text(66) });
    expect(kb2).not.toBe(ka);
    const before = h.db.prepare('SELECT id, fold_key FROM jobs ORDER BY id').all() as Array<{
      id: string;
      fold_key: string;
    }>;
    refoldAll(h.db);
    const after = h.db.prepare('SELECT id, fold_key FROM jobs ORDER BY id').all() as Array<{
      id: string;
      fold_key: string;
    }>;
    // Same partition (keys name groups; which member names one may differ).
    const partition = (rows: typeof before) => {
      const g = new Map<string, string[]>();
      for (const r of rows) g.set(r.fold_key, [...(g.get(r.fold_key) ?? []), r.id]);
      return [...g.values()].map((ids) => ids.join()).sort();
    };
    expect(partition(after)).toEqual(partition(before));
  });
});

describe('the rules', () => {
  it('removes a trailing place of the posting, a known place or a region, never another word', () => {
    const berlin = placeWords([{ city: 'Berlin', country: 'DE' }]);
    expect(foldTitle('Data Engineer - Berlin', berlin)).toBe(foldTitle('Data Engineer', berlin));
    expect(foldTitle('Data Engineer (Remote, EMEA)', berlin)).toBe(foldTitle('Data Engineer', berlin));
    expect(foldTitle('Account Executive - Americas (East)', berlin)).toBe(foldTitle('Account Executive', berlin));
    expect(foldTitle('Product Manager - Casablanca CDI', berlin)).not.toBe(foldTitle('Product Manager', berlin));
    expect(foldTitle('Data Engineer - Payments', berlin)).not.toBe(foldTitle('Data Engineer', berlin));
    expect(foldTitle('Customer Service - Italian and English', berlin)).not.toBe(
      foldTitle('Customer Service - Dutch and English', berlin),
    );
    const il = placeWords([{ city: 'Elgin', region: 'IL', country: 'US' }]);
    expect(foldTitle('ABA Therapist - Elgin, IL', il)).toBe(foldTitle('ABA Therapist', il));
  });

  it('measures word-Jaccard without words of places or numbers', () => {
    const a = new Set(['lead', 'the', 'maps', 'berlin', '25']);
    const b = new Set(['lead', 'the', 'maps', 'munich', '30']);
    expect(jaccard(a, b, new Set(['berlin', 'munich']))).toBe(1);
    expect(jaccard(a, b)).toBeCloseTo(3 / 5);
  });
});
