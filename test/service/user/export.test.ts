// Exports opened again and checked row for row: search results from `jobindex search --format
// … --all` and saved jobs from `jobindex export saved`, as a spreadsheet or a script reads them.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvChunks } from '../../../shared/export/csv-chunks.js';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { jsonArrayChunks } from '../../../shared/export/json-chunks.js';
import { ensureBuilt, root } from '../../helpers/built-dist.js';
import { UserHarness } from './harness.js';

const run = promisify(execFile);
let h: UserHarness;

async function cli(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const r = await run(process.execPath, ['bin/jobindex.js', ...args], { cwd: root, maxBuffer: 64 << 20 });
    return { ...r, code: 0 };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { stdout: err.stdout ?? '', stderr: err.stderr ?? String(e), code: err.code ?? -1 };
  }
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let s = '';
  for await (const c of chunks) s += c;
  return s;
}

beforeAll(async () => {
  await ensureBuilt();
  h = new UserHarness();
});
afterAll(() => h.close());

describe('jobindex search --format … --all', () => {
  it('writes every page as CSV with a BOM, one row per card, cells as the service gives them', async () => {
    const expected = await h.allCards({ query: 'engineer', filters: { country: 'US' } });
    expect(expected.length).toBeGreaterThan(100); // more than one page
    const out = join(h.dir, 'engineers.csv');
    const r = await cli(
      'search',
      'engineer',
      '--country',
      'US',
      '--format',
      'csv',
      '--all',
      '--out',
      out,
      '--db',
      h.indexFile,
    );
    expect(r.stderr).toBe('');
    const bytes = readFileSync(out);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.id)).toEqual(expected.map((c) => c.id));
    // The walk met jobs in several places, so "every location" is tested, not just the first.
    expect(rows.some((r) => r.locations!.includes('; '))).toBe(true);
    for (const [i, { card: c, locations, applyUrl }] of (await h.exportExpected(expected)).entries()) {
      const row = rows[i]!;
      expect(row.title).toBe(/^[=+\-@\t\r]/.test(c.title) ? `'${c.title}` : c.title);
      expect(row.company).toBe(c.companyName);
      // Every location and the apply URL, as the job's detail states them (not the card's "+1 more").
      expect(row.locations).toBe(locations);
      expect(row.apply_url).toBe(applyUrl);
      expect(row.remote).toBe(String(c.remote));
      expect(row.salary_max).toBe(c.salary ? String(c.salary.max) : '');
      expect(row.salary_currency).toBe(c.salary?.currency ?? '');
      expect(row.discovered_at).toBe(
        new Date(Number(c.discoveredAt!.seconds) * 1000 + c.discoveredAt!.nanos / 1e6).toISOString(),
      );
    }
  });

  it('writes JSON and NDJSON in the service wire form', async () => {
    const expected = (await h.exportExpected(await h.allCards({ filters: { country: 'DE' } }))).map((e) => e.json);
    expect(expected.some((j) => (j.locations as unknown[]).length > 1 && 'applyUrl' in j)).toBe(true);
    const json = await cli('search', '--country', 'DE', '--format', 'json', '--all', '--db', h.indexFile);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const nd = await cli('search', '--country', 'DE', '--format', 'ndjson', '--all', '--db', h.indexFile);
    const lines = nd.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l))).toEqual(expected);
  });

  it('without --all writes the one page asked for; an empty search is a valid empty file', async () => {
    const page = (await h.jobs.list({ query: { query: 'engineer', limit: 7 } })).data;
    const r = await cli('search', 'engineer', '--limit', '7', '--format', 'ndjson', '--db', h.indexFile);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(page.map((c) => c.id));
    const none = await cli('search', 'qqqqzzzz', '--format', 'json', '--all', '--db', h.indexFile);
    expect(JSON.parse(none.stdout)).toEqual([]);
    const csv = await cli('search', 'qqqqzzzz', '--format', 'csv', '--all', '--db', h.indexFile);
    expect(parse(csv.stdout, { bom: true })).toEqual([JOB_CARD_EXPORT.columns.map((c) => c.header)]);
  });

  it('refuses --all without --format, and a bad format, with exit 2', async () => {
    const r = await cli('search', '--all', '--db', h.indexFile);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('jobindex: --all and --out need --format csv|json|ndjson\n');
    const bad = await cli('search', '--format', 'xlsx', '--db', h.indexFile);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--format <format>' argument 'xlsx' is invalid/);
  });
});

describe('CSV cells that would run as formulas', () => {
  it('are made inert, in every column, and read back as typed plus the marker', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)', '\tindent', '\rcr', 'plain = fine', ''];
    const cols = [{ header: 'v', cell: (s: string) => s }];
    const text = await collect(csvChunks(hostile, cols));
    const back = (parse(text, { bom: true, columns: true, relax_quotes: true }) as Array<{ v: string }>).map(
      (r) => r.v,
    );
    expect(back).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1+1",
      "'-2",
      "'@SUM(A1)",
      "'\tindent",
      "'\rcr",
      'plain = fine',
      '',
    ]);
  });

  it('streams a JSON array that parses, empty or not', async () => {
    expect(JSON.parse(await collect(jsonArrayChunks([], (x) => x)))).toEqual([]);
    expect(JSON.parse(await collect(jsonArrayChunks([{ a: 1 }, { b: '2' }], (x) => x)))).toEqual([
      { a: 1 },
      { b: '2' },
    ]);
  });
});

describe('jobindex export saved', () => {
  it('writes the saved jobs with their tracking, CSV and JSON, row for row', async () => {
    const cards = (await h.jobs.list({ query: { query: 'nurse', limit: 3 } })).data;
    for (const c of cards) await h.saved.save({ jobId: c.id });
    h.clock += 1000;
    await h.saved.move({ jobId: cards[0]!.id, stage: 'applied' });
    h.clock += 1000;
    await h.saved.move({ jobId: cards[0]!.id, stage: 'interviewing' });
    await h.saved.setNotes({ jobId: cards[1]!.id, notes: '=1+2 said the recruiter, "quotes", and\na new line' });
    await h.saved.setFollowUp({ jobId: cards[2]!.id, followUpOn: '2026-12-01' });
    const expected = (await h.saved.list({ sort: 'saved' })).data;

    const out = join(h.dir, 'saved.csv');
    const r = await cli(
      'export',
      'saved',
      '--format',
      'csv',
      '--user-data',
      h.userFile,
      '--db',
      h.indexFile,
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    const rows = parse(readFileSync(out), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.map((x) => x.job_id)).toEqual(expected.map((s) => s.jobId));
    const byId = new Map(rows.map((x) => [x.job_id, x]));
    expect(byId.get(cards[0]!.id)!.stage).toBe('interviewing');
    expect(
      byId
        .get(cards[0]!.id)!
        .history!.split('; ')
        .map((m) => m.split('@')[0]),
    ).toEqual(['saved', 'applied', 'interviewing']);
    expect(byId.get(cards[1]!.id)!.notes).toBe(`'=1+2 said the recruiter, "quotes", and\na new line`);
    expect(byId.get(cards[2]!.id)!.follow_up_on).toBe('2026-12-01');
    expect(byId.get(cards[2]!.id)!.title).toBe(cards[2]!.title);
    // Every location, in the words a search export uses.
    for (const [i, { locations }] of (await h.exportExpected(cards)).entries())
      expect(byId.get(cards[i]!.id)!.locations).toBe(locations);

    const json = await cli('export', 'saved', '--format', 'json', '--user-data', h.userFile, '--db', h.indexFile);
    const parsed = JSON.parse(json.stdout) as Array<{
      jobId: string;
      stage: string;
      notes: string;
      snapshot: { title: string };
    }>;
    expect(parsed.map((s) => [s.jobId, s.stage, s.notes, s.snapshot.title])).toEqual(
      expected.map((s) => [s.jobId, s.stage, s.notes, s.snapshot!.title]),
    );
  });

  it('says where it looked when there is no user file', async () => {
    const r = await cli('export', 'saved', '--format', 'csv', '--user-data', join(h.dir, 'missing.sqlite'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`jobindex: no user data at ${join(h.dir, 'missing.sqlite')}; pass --user-data FILE\n`);
  });
});
