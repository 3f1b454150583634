import { afterAll, describe, expect, it } from 'vitest';
import type { JobDetailRow } from '../../../electron/service/index-db/read/job-detail.js';
import { expectFieldErrorBody } from '../../helpers/field-error-body.js';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';
import { expectInert } from '../../helpers/inert-html.js';

const h = openFixture();
afterAll(() => h.close());

const GET = '/svc.jobs.v1.JobsService/Get';
const DAY = 86_400_000;
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

/** A stored job as the detail reads it (jobs row, company domain and logo, description). */
type JobRow = JobDetailRow;

function row(id: string): JobRow {
  return h.db
    .prepare(
      `SELECT j.*, c.domain AS company_domain, c.logo_url AS company_logo_url, description_html(d.html) AS html FROM jobs j JOIN companies c ON c.cid = j.company_cid
       JOIN job_descriptions d ON d.rid = j.rid WHERE j.id = ?`,
    )
    .get(id) as JobRow;
}

function ids(sql: string, ...params: unknown[]): string[] {
  return h.db
    .prepare(sql)
    .pluck()
    .all(...params) as string[];
}

/** The detail the spec describes, computed from the index tables (description compared separately). */
function expectedDetail(id: string): Record<string, unknown> {
  const j = row(id);
  const locations = (
    h.db
      .prepare('SELECT city, region, country, text, remote FROM job_locations WHERE job_rid = ? ORDER BY ord')
      .all(j.rid) as Array<Record<string, string | number | null>>
  ).map((l) => {
    const out: Record<string, unknown> = { remote: l.remote === 1 };
    for (const k of ['city', 'region', 'country', 'text'] as const) if (l[k] !== null) out[k] = l[k];
    return out;
  });
  const company: Record<string, string> = { name: j.company_name };
  if (j.company_slug) company.slug = j.company_slug;
  if (j.company_domain) company.domain = j.company_domain;
  if (j.company_logo_url) company.logoUrl = j.company_logo_url;
  const d: Record<string, unknown> = {
    id: j.id,
    slug: j.slug,
    title: j.title,
    company,
    locations,
    remote: j.remote === 1,
    employmentType: j.employment_type,
    seniority: j.seniority,
    source: { type: 'ats', platform: j.source_platform },
    status: j.status,
    workMode: j.work_mode,
  };
  if (j.occupation !== null) d.occupation = j.occupation;
  // The spec's "object or null": written `null` when the job states no salary.
  d.salary =
    j.salary_min !== null && j.salary_max !== null
      ? { min: j.salary_min, max: j.salary_max, currency: j.salary_currency, period: j.salary_period }
      : null;
  if (j.apply_url !== null) d.applyUrl = j.apply_url;
  return d;
}

async function getJob(id: string): Promise<{ status: number; body: any }> {
  return h.postJson(GET, { id });
}

function expectTimestamps(body: any, j: JobRow): void {
  const stamps: Array<[string, number | null]> = [
    ['discoveredAt', j.discovered_at],
    ['lastSeenAt', j.last_seen_at],
    ['lastScrapedAt', j.last_scraped_at],
    ['lastVerifiedAt', j.last_verified_at],
    ['expiredAt', j.expired_at],
  ];
  for (const [k, ms] of stamps) {
    if (ms === null) {
      expect(body, k).not.toHaveProperty(k);
      continue;
    }
    expect(body[k], k).toMatch(RFC3339_UTC);
    expect(Date.parse(body[k]), k).toBe(ms);
  }
}

/** Detail minus the fields compared separately (description, timestamps). */
function structural(body: any): Record<string, unknown> {
  const { description, discoveredAt, lastSeenAt, lastScrapedAt, lastVerifiedAt, expiredAt, ...rest } = body;
  return rest;
}

describe('JobsService.Get: detail shape', () => {
  const cases: Array<[string, string]> = [
    [
      'three or more locations',
      `SELECT j.id FROM jobs j WHERE j.status = 'active' AND (SELECT count(*) FROM job_locations l WHERE l.job_rid = j.rid) >= 3 LIMIT 1`,
    ],
    [
      'a remote region without a city',
      `SELECT j.id FROM jobs j JOIN job_locations l ON l.job_rid = j.rid AND l.ord = 0 WHERE j.status = 'active' AND l.city IS NULL AND l.country IS NULL LIMIT 1`,
    ],
    [
      'remote plus an office',
      `SELECT j.id FROM jobs j WHERE j.status = 'active' AND j.remote = 1 AND (SELECT count(*) FROM job_locations l WHERE l.job_rid = j.rid) = 2 LIMIT 1`,
    ],
    ['no salary', `SELECT id FROM jobs WHERE status = 'active' AND salary_min IS NULL LIMIT 1`],
    ['no occupation', `SELECT id FROM jobs WHERE status = 'active' AND occupation IS NULL LIMIT 1`],
    ['an empty slug', `SELECT id FROM jobs WHERE status = 'active' AND slug = '' LIMIT 1`],
    ['an hourly salary', `SELECT id FROM jobs WHERE status = 'active' AND salary_period = 'hour' LIMIT 1`],
    [
      'a company without a founded year',
      `SELECT j.id FROM jobs j JOIN companies c ON c.cid = j.company_cid WHERE j.status = 'active' AND c.founded_year IS NULL LIMIT 1`,
    ],
  ];

  it.each(cases)('has every field of the spec for a job with %s', async (_name, sql) => {
    const id = h.db.prepare(sql).pluck().get() as string | undefined;
    expect(id, 'fixture has such a job').toBeTypeOf('string');
    const res = await getJob(id!);
    expect(res.status).toBe(200);
    expect(structural(res.body)).toStrictEqual(expectedDetail(id!));
    expectTimestamps(res.body, row(id!));
    expect(res.body.description).toBeTypeOf('string');
    expect(res.body.description.length).toBeGreaterThan(100);
  });

  it('lists all locations in their stored order', async () => {
    const many = ids(
      `SELECT j.id FROM jobs j WHERE (SELECT count(*) FROM job_locations l WHERE l.job_rid = j.rid) >= 2 AND j.status = 'active' LIMIT 20`,
    );
    expect(many.length).toBe(20);
    for (const id of many) {
      const res = await getJob(id);
      const stored = h.db
        .prepare('SELECT coalesce(text, city) FROM job_locations WHERE job_rid = ? ORDER BY ord')
        .pluck()
        .all(row(id).rid);
      expect(res.body.locations.map((l: any) => l.text ?? l.city)).toEqual(stored);
      for (const l of res.body.locations) {
        expect(typeof l.remote).toBe('boolean');
        if (l.country !== undefined) expect(l.country).toMatch(/^[A-Z]{2}$/);
      }
    }
  });

  it('says where the job comes from and how to apply', async () => {
    const id = ids(`SELECT id FROM jobs WHERE status = 'active' AND source_platform = 'greenhouse' LIMIT 1`)[0]!;
    const res = await getJob(id);
    expect(res.body.source).toEqual({ type: 'ats', platform: 'greenhouse' });
    expect(res.body.applyUrl).toMatch(/^https:\/\/boards\.greenhouse\.io\//);
    expect(['remote', 'hybrid', 'onsite']).toContain(res.body.workMode);
  });

  it('agrees with the job cards of a search page', async () => {
    const page = await h.jobs.list({ query: { limit: 30 } });
    expect(page.data).toHaveLength(30);
    for (const card of page.data) {
      const res = await getJob(card.id);
      expect(res.status).toBe(200);
      const d = res.body;
      expect(d.status).toBe('active');
      expect(d).not.toHaveProperty('expiredAt');
      expect(d.id).toBe(card.id);
      expect(d.slug).toBe(card.slug);
      expect(d.title).toBe(card.title);
      expect(d.company.name).toBe(card.companyName);
      expect(d.company.slug).toBe(card.companySlug);
      expect(d.remote).toBe(card.remote);
      expect(d.employmentType).toBe(card.employmentType);
      expect(d.seniority).toBe(card.seniority);
      expect(d.source.platform).toBe(card.sourcePlatform);
      expect(d.salary ?? null).toEqual(
        card.salary
          ? { min: card.salary.min, max: card.salary.max, currency: card.salary.currency, period: card.salary.period }
          : null,
      );
      expect(Date.parse(d.discoveredAt)).toBe(
        Number(card.discoveredAt!.seconds) * 1000 + Math.round(card.discoveredAt!.nanos / 1e6),
      );
    }
  });

  it('accepts the id in upper case and answers with the canonical id', async () => {
    const id = ids(`SELECT id FROM jobs WHERE status = 'active' LIMIT 1`)[0]!;
    const res = await getJob(id.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
  });

  it('answers the same through the Connect client', async () => {
    const id = ids(`SELECT id FROM jobs WHERE status = 'active' AND salary_min IS NOT NULL LIMIT 1`)[0]!;
    const d = await h.jobs.get({ id });
    const j = row(id);
    expect(d.id).toBe(id);
    expect(d.salary?.min).toBe(j.salary_min);
    expect(d.status).toBe('active');
    expect(d.locations.length).toBeGreaterThan(0);
  });
});

describe('JobsService.Get: descriptions are sanitized when read', () => {
  // Readable jobs only: active, or expired within the 30 days the detail is kept.
  const READABLE = `(j.status = 'active' OR j.expired_at >= ${FIXTURE.now - 30 * DAY})`;
  const HOSTILE_SQL = `SELECT j.id FROM jobs j JOIN (SELECT rid, description_html(html) AS html FROM job_descriptions) d ON d.rid = j.rid
    WHERE ${READABLE} AND (d.html LIKE '%<script%' OR d.html LIKE '%onerror=%' OR d.html LIKE '%javascript:%' OR d.html LIKE '%<iframe%'
       OR d.html LIKE '%onclick=%' OR d.html LIKE '%<form%' OR d.html LIKE '%<svg%' OR d.html LIKE '%style=%')`;

  // The generator's hostile fragments (electron/tools/generate/descriptions.ts) and what must remain of each.
  const RESIDUE: Array<[fragment: string, residue: string]> = [
    ['<script>alert("xss")</script>', ''],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<a href="javascript:alert(document.cookie)">Apply here</a>', '<a>Apply here</a>'],
    ['<iframe src="https://evil.example/frame"></iframe>', ''],
    ['<p onclick="steal()" style="position:fixed;top:0">Click to continue</p>', '<p>Click to continue</p>'],
    ['<svg><script>alert(2)</script></svg>', ''],
    ['<form action="https://evil.example/"><input name="password"></form>', ''],
  ];

  it('the fixture stores hostile markup raw (so sanitizing happens on read)', () => {
    expect(ids(HOSTILE_SQL).length).toBeGreaterThanOrEqual(30);
  });

  it('removes scripts, handlers, javascript: URLs, frames, forms and styles from every hostile job', async () => {
    const hostile = ids(HOSTILE_SQL);
    for (const id of hostile) {
      const j = row(id);
      const res = await getJob(id);
      expect(res.status, id).toBe(200);
      const out: string = res.body.description;
      expectInert(out);
      expect(out).not.toMatch(/alert\(|steal\(|evil\.example|style=|onclick|onerror/);
      // Exactly the hostile fragment is neutralised; the rest of the description is intact.
      const found = RESIDUE.filter(([f]) => j.html.includes(f));
      expect(found, `known hostile fragment in ${id}`).toHaveLength(1);
      const [fragment, residue] = found[0]!;
      expect(out).toBe(j.html.replace(fragment, residue));
      expect(out).toMatch(/<ul><li>/);
      expect(out).toContain('<strong>');
      expect(out).toContain('<a href="https://www.example.com/careers">our careers page</a>');
    }
  });

  it('leaves ordinary descriptions exactly as stored', async () => {
    const clean = ids(
      `SELECT j.id FROM jobs j JOIN (SELECT rid, description_html(html) AS html FROM job_descriptions) d ON d.rid = j.rid
       WHERE ${READABLE} AND d.html NOT LIKE '%<script%' AND d.html NOT LIKE '%<iframe%' AND d.html NOT LIKE '%<form%' AND d.html NOT LIKE '%<svg%'
         AND d.html NOT LIKE '%javascript:%' AND d.html NOT LIKE '%onerror%' AND d.html NOT LIKE '%onclick%'
       ORDER BY j.rid LIMIT 150`,
    );
    expect(clean).toHaveLength(150);
    for (const id of clean) {
      const res = await getJob(id);
      expect(res.body.description).toBe(row(id).html);
    }
  });
});

describe('JobsService.Get: expired jobs', () => {
  const near = (days: number) =>
    h.db
      .prepare(`SELECT id FROM jobs WHERE status = 'expired' ORDER BY abs(expired_at - ?) LIMIT 1`)
      .pluck()
      .get(FIXTURE.now - days * DAY) as string;

  it('a job expired about 10 days ago is readable with status expired and its expiry time', async () => {
    const id = near(10);
    const j = row(id);
    expect(FIXTURE.now - j.expired_at!).toBeGreaterThan(5 * DAY);
    expect(FIXTURE.now - j.expired_at!).toBeLessThan(15 * DAY);
    const res = await getJob(id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('expired');
    expect(Date.parse(res.body.expiredAt)).toBe(j.expired_at);
    expect(structural(res.body)).toStrictEqual(expectedDetail(id));
  });

  it('a job expired about 40 days ago is not found', async () => {
    const id = near(40);
    const j = row(id);
    expect(FIXTURE.now - j.expired_at!).toBeGreaterThan(35 * DAY);
    expect(FIXTURE.now - j.expired_at!).toBeLessThan(45 * DAY);
    const res = await getJob(id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  it('every expired job is readable within 30 days of expiry and not found after', async () => {
    const expired = h.db.prepare(`SELECT id, expired_at FROM jobs WHERE status = 'expired'`).all() as Array<{
      id: string;
      expired_at: number;
    }>;
    const recent = expired.filter((e) => e.expired_at >= FIXTURE.now - 30 * DAY);
    expect(recent.length).toBeGreaterThan(10);
    expect(expired.length - recent.length).toBeGreaterThan(10);
    for (const e of expired) {
      const res = await getJob(e.id);
      if (e.expired_at >= FIXTURE.now - 30 * DAY) {
        expect(res.status, e.id).toBe(200);
        expect(res.body.status).toBe('expired');
      } else {
        expect(res.status, e.id).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
  });

  it('the retention follows the service clock', async () => {
    const id = near(10);
    const expiredAt = row(id).expired_at!;
    const early = openFixture({ now: expiredAt + 29 * DAY });
    const late = openFixture({ now: expiredAt + 31 * DAY });
    try {
      expect((await early.postJson(GET, { id })).status).toBe(200);
      expect((await late.postJson(GET, { id })).status).toBe(404);
    } finally {
      early.close();
      late.close();
    }
  });
});

describe('JobsService.Get: errors', () => {
  it('an unknown uuid is 404 not_found', async () => {
    const res = await getJob('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'not_found',
      message: expect.stringContaining('00000000-0000-4000-8000-000000000000'),
    });
  });

  it.each([
    ['abc', 'abc'],
    ['empty', ''],
    ['trailing characters', '003648e9-e306-4f73-8868-983b7a2a1b70x'],
    ['braces', '{003648e9-e306-4f73-8868-983b7a2a1b70}'],
    ['no dashes', '003648e9e3064f738868983b7a2a1b70'],
    ['surrounding space', ' 003648e9-e306-4f73-8868-983b7a2a1b70 '],
    ['SQL', "' OR 1=1 --"],
  ])('a malformed id (%s) is 400 naming id', async (_name, id) => {
    expectFieldErrorBody(await getJob(id), 'id');
  });

  it('a missing id is 400 naming id', async () => {
    const res = await h.postJson(GET, {});
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith('id:')).toBe(true);
  });
});
