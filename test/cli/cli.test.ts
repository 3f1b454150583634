import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJson, type MessageInitShape } from '@bufbuild/protobuf';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ListResponseSchema as CompaniesListResponseSchema } from '#shared/gen/svc/companies/v1/companies_pb';
import type { JobQuerySchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { ensureBuilt } from '../helpers/built-dist.js';
import { runCli } from '../helpers/run-cli.js';
import { FIXTURE, openFixture, type Harness } from '../helpers/fixture.js';

/** Runs `node bin/jobindex.js …` from the package root, as a user would. */
const cli = (...args: string[]) => runCli(args);

/** Runs the CLI against the fixture index and expects success. */
async function ok(...args: string[]): Promise<string> {
  const r = await cli(...args, '--db', db);
  expect(r.stderr, `jobindex ${args.join(' ')}`).toBe('');
  expect(r.code, `jobindex ${args.join(' ')}`).toBe(0);
  return r.stdout;
}

let db: string;
let h: Harness;
let tmp: string;

beforeAll(async () => {
  await ensureBuilt();
  db = inject('fixtureIndex');
  // The CLI reads the index with the real clock; so does this client.
  h = openFixture({ now: Date.now() });
  tmp = mkdtempSync(join(tmpdir(), 'jobindex-cli-'));
});

afterAll(() => {
  h?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

type Query = MessageInitShape<typeof JobQuerySchema>;

/** Several CLI processes per test, each loading the whole app. */
const TIMEOUT = 120_000;
const DAY = 86_400_000;

/** Ground truth from the file: active jobs, all expired jobs, and those still readable at `now`. */
function countRows(file: string, now: number): { active: number; expired: number; readable: number } {
  const d = new Database(file, { readonly: true });
  try {
    return d
      .prepare(
        `SELECT count(*) FILTER (WHERE status = 'active') AS active,
           count(*) FILTER (WHERE status = 'expired') AS expired,
           count(*) FILTER (WHERE status = 'expired' AND expired_at >= ?) AS readable FROM jobs`,
      )
      .get(now - 30 * DAY) as { active: number; expired: number; readable: number };
  } finally {
    d.close();
  }
}

/** The service's own JSON answer, as an HTTP client reads it (`"salary": null` included). */
async function rpcList(query: Query): Promise<unknown> {
  return (await h.postJson('/svc.jobs.v1.JobsService/List', { query })).body;
}

describe('jobindex search', { timeout: TIMEOUT }, () => {
  it('prints a table of matching jobs with their titles, companies and ids', async () => {
    const out = await ok('search', 'engineer', '--limit', '5');
    const res = await h.jobs.list({ query: { query: 'engineer', limit: 5 } });
    expect(res.data).toHaveLength(5);
    for (const col of ['Title', 'Company', 'Location', 'Salary', 'Found', 'Id']) expect(out).toContain(col);
    for (const j of res.data) {
      expect(out).toContain(j.title);
      expect(out).toContain(j.companyName);
      expect(out).toContain(j.id);
    }
    // Exactly five rows, one per job id.
    expect(out.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)).toHaveLength(5);
    expect(res.pagination?.nextCursor).toBeTruthy();
    expect(out).toContain(`More: --cursor ${res.pagination!.nextCursor}`);
  });

  it('says so when nothing matches', async () => {
    const out = await ok('search', 'zzqxvbnonexistentword');
    expect(out.trim()).toBe('No active jobs match.');
  });

  it.each<[string, string[], Query]>([
    ['text and limit', ['engineer', '--limit', '7'], { query: 'engineer', limit: 7 }],
    [
      'filters and sort',
      ['--country', 'US', '--work-mode', 'hybrid', '--sort', 'salary_desc', '--limit', '10'],
      { filters: { country: 'US', workMode: 'hybrid', sort: 'salary_desc' }, limit: 10 },
    ],
    [
      'many filters',
      [
        'nurse',
        '--employment-type',
        'full_time',
        '--seniority',
        'senior',
        '--salary-min',
        '1000',
        '--discovered-after',
        '2026-08-01',
      ],
      {
        query: 'nurse',
        filters: { employmentType: 'full_time', seniority: 'senior', salaryMin: 1000, discoveredAfter: '2026-08-01' },
      },
    ],
  ])('--json prints the service answer (%s)', async (_name, args, query) => {
    const printed = JSON.parse(await ok('search', ...args, '--json'));
    const expected = (await rpcList(query)) as { data: Array<{ id: string }> };
    expect(expected.data.length).toBeGreaterThan(0);
    expect(printed.data.map((j: { id: string }) => j.id)).toEqual(expected.data.map((j) => j.id));
    expect(printed).toEqual(expected);
  });

  it('--cursor continues where the previous page stopped', async () => {
    const first = JSON.parse(await ok('search', 'engineer', '--limit', '4', '--json'));
    const cursor: string = first.pagination.nextCursor;
    expect(cursor).toBeTruthy();
    const second = JSON.parse(await ok('search', 'engineer', '--limit', '4', '--cursor', cursor, '--json'));
    expect(second).toEqual(await rpcList({ query: 'engineer', limit: 4, cursor }));
    const firstIds = new Set(first.data.map((j: { id: string }) => j.id));
    expect(second.data).toHaveLength(4);
    for (const j of second.data) expect(firstIds.has(j.id)).toBe(false);
  });

  it('rejects an unknown country with exit 2, naming the field', async () => {
    const r = await cli('search', '--country', 'zz', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^jobindex: invalid request: .*query\.filters\.country/);
    expect(r.stderr).toContain('zz');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('rejects a non-numeric --limit as a usage error with exit 2, as other invalid input', async () => {
    const r = await cli('search', '--limit', 'abc', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--limit');
    expect(r.stderr).toContain('abc');
  });

  it('rejects an out-of-range --limit from the service with exit 2', async () => {
    const r = await cli('search', '--limit', '0', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^jobindex: invalid request: .*limit/);
  });

  it('filters on remote only when --remote or --no-remote is given', async () => {
    // A company with both remote and on-site openings, all on one page.
    const companies = await h.companies.list({ limit: 100 });
    let slug: string | undefined;
    let all: string[] = [];
    for (const c of companies.data) {
      const page = await h.jobs.list({ query: { filters: { company: c.name }, limit: 100 } });
      const s = page.data[0]?.companySlug;
      if (!s || page.pagination?.hasMore) continue;
      const bySlug = await h.jobs.list({ query: { filters: { companyId: s }, limit: 100 } });
      const remote = bySlug.data.filter((j) => j.remote).length;
      if (!bySlug.pagination?.hasMore && remote >= 2 && bySlug.data.length - remote >= 2) {
        slug = s;
        all = bySlug.data.map((j) => j.id);
        break;
      }
    }
    expect(slug, 'the fixture has a company with remote and on-site jobs').toBeDefined();

    const list = async (...flags: string[]) =>
      JSON.parse(await ok('search', '--company-id', slug!, '--limit', '100', ...flags, '--json')) as {
        data: Array<{ id: string; remote: boolean }>;
        pagination: { hasMore: boolean };
      };
    const [neither, remote, onsite] = await Promise.all([list(), list('--remote'), list('--no-remote')]);
    expect(neither.pagination.hasMore).toBe(false);
    expect(neither.data.map((j) => j.id).sort()).toEqual([...all].sort());
    expect(remote.data.length).toBeGreaterThan(0);
    expect(onsite.data.length).toBeGreaterThan(0);
    expect(remote.data.every((j) => j.remote)).toBe(true);
    expect(onsite.data.every((j) => !j.remote)).toBe(true);
    // Together, exactly the unfiltered set.
    expect([...remote.data, ...onsite.data].map((j) => j.id).sort()).toEqual(neither.data.map((j) => j.id).sort());
  });
});

describe('jobindex get', { timeout: TIMEOUT }, () => {
  it('shows a job in full: title, company, location, apply link and description text', async () => {
    const card = (await h.jobs.list({ query: { query: 'engineer', limit: 1 } })).data[0]!;
    const job = await h.jobs.get({ id: card.id });
    const out = await ok('get', card.id);
    const lines = out.split('\n');
    expect(lines[0]).toBe(job.title);
    expect(lines[1]).toContain(job.company!.name);
    expect(out).toContain(job.workMode);
    if (job.applyUrl) expect(out).toContain(`Apply: ${job.applyUrl}`);
    // The description is printed as text, never as markup.
    expect(out).not.toMatch(/<\/?(p|ul|li|h3|strong)>/);
    expect(out.length).toBeGreaterThan(job.title.length + 200);
  });

  it('--json prints the service answer', async () => {
    const card = (await h.jobs.list({ query: { limit: 1 } })).data[0]!;
    const printed = JSON.parse(await ok('get', card.id, '--json'));
    expect(printed).toEqual((await h.postJson('/svc.jobs.v1.JobsService/Get', { id: card.id })).body);
    expect(printed.id).toBe(card.id);
  });

  it('exits 3 for a job id that is not in the index', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const r = await cli('get', id, '--db', db);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^jobindex: not found: /);
    expect(r.stderr).toContain(id);
  });

  it('exits 2 for something that is not a job id', async () => {
    const r = await cli('get', 'nope', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^jobindex: invalid request: /);
    expect(r.stderr).toContain('nope');
  });
});

describe('jobindex companies', { timeout: TIMEOUT }, () => {
  it('--json lists the companies whose name has a word starting with the query', async () => {
    const names = (() => {
      const d = new Database(db, { readonly: true });
      try {
        return (d.prepare('SELECT name FROM companies').all() as Array<{ name: string }>).map((r) => r.name);
      } finally {
        d.close();
      }
    })();
    const matching = (q: string) =>
      names
        .filter((n) =>
          n
            .toLowerCase()
            .split(/\s+/)
            .some((w) => w.startsWith(q)),
        )
        .sort();
    // "acme" and a word the fixture is sure to hold: the first word of its first company.
    const word = names.slice().sort()[0]!.split(/\s+/)[0]!.toLowerCase();
    for (const q of ['acme', word]) {
      const printed = JSON.parse(await ok('companies', q, '--json'));
      expect(printed).toEqual(
        toJson(CompaniesListResponseSchema, await h.companies.list({ query: q }), { alwaysEmitImplicit: true }),
      );
      expect(printed.data.map((c: { name: string }) => c.name).sort(), q).toEqual(matching(q));
    }
    expect(matching(word).length).toBeGreaterThan(0);
  });

  it('prints a table of companies with their open jobs', async () => {
    const res = await h.companies.list({ limit: 3 });
    const out = await ok('companies', '--limit', '3');
    for (const c of res.data) {
      expect(out).toContain(c.name);
      expect(out).toContain(c.website);
    }
    expect(out).toContain('Open jobs');
    expect(out).toContain('More: --cursor');
  });
});

describe('jobindex info', { timeout: TIMEOUT }, () => {
  it('prints the counts of the index', async () => {
    const info = await h.meta.getInfo({});
    const out = await ok('info');
    const rows = countRows(db, Date.now());
    // Expired jobs count while their details are still readable (30 days).
    expect(info.jobCount).toBe(rows.active);
    expect(info.expiredJobCount).toBe(rows.readable);
    expect(rows.active + rows.expired).toBe(FIXTURE.jobs);
    expect(out).toContain(`Active jobs:   ${info.jobCount.toLocaleString('en')}\n`);
    expect(out).toContain(`Expired jobs:  ${info.expiredJobCount.toLocaleString('en')} `);
    expect(out).toContain(`Companies:     ${info.companyCount.toLocaleString('en')}\n`);
    expect(out).toContain(`Built:         ${new Date(FIXTURE.now).toISOString()}\n`);
  });

  it('fails with a message, not a stack, for a missing index file', async () => {
    const r = await cli('info', '--db', join(tmp, 'missing.sqlite'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^jobindex: no index at /);
    expect(existsSync(join(tmp, 'missing.sqlite'))).toBe(false);
  });
});

describe('jobindex generate', { timeout: TIMEOUT }, () => {
  it('writes an index that info reads back', async () => {
    const out = join(tmp, 'gen.sqlite');
    const g = await cli('generate', '--jobs', '200', '--seed', '3', '--now', '2026-01-01', '--out', out);
    expect(g.stderr).toBe('');
    expect(g.code).toBe(0);
    expect(g.stdout).toMatch(/^Wrote 200 jobs of \d+ companies to /);
    expect(existsSync(out)).toBe(true);

    const r = await cli('info', '--db', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const count = (label: string) =>
      Number(r.stdout.match(new RegExp(`^${label}:\\s+([\\d,]+)`, 'm'))?.[1]?.replace(/,/g, ''));
    const rows = countRows(out, Date.now());
    expect(count('Active jobs')).toBe(rows.active);
    expect(count('Active jobs')).toBeGreaterThan(150);
    expect(count('Expired jobs')).toBe(rows.readable);
    expect(rows.active + rows.expired).toBe(200);
    expect(count('Companies')).toBeGreaterThanOrEqual(8);
    expect(r.stdout).toContain('Built:         2026-01-01T00:00:00.000Z');
  });

  it('rejects a bad --now with a message', async () => {
    const r = await cli('generate', '--jobs', '10', '--now', 'yesterday', '--out', join(tmp, 'bad.sqlite'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--now');
    expect(existsSync(join(tmp, 'bad.sqlite'))).toBe(false);
  });
});
