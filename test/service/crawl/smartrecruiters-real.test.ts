import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlSummary } from '#service/crawl/crawl-types';
import { crawl, PATIENT_RETRY, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_DIR } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// The real SmartRecruiters detail payloads in ../shared/data/realjobs/more/ (jobAd.sections and,
// for Western Digital, compensation), read through the crawl from their boards' listings.
const MORE = join(REALJOBS_DIR, 'more');
const PRESENT = existsSync(MORE);
const json = (f: string) => JSON.parse(readFileSync(join(MORE, f), 'utf8')) as Record<string, unknown>;

describe(
  PRESENT
    ? 'smartrecruiters details on the real payloads (../shared/data/realjobs/more)'
    : '../shared absent: real SmartRecruiters detail tests',
  () => {
    it('finds the real payloads', () => {
      expect(PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!PRESENT) return;

    let server: ReplayServer;
    const idx = tempIndex();
    let first: CrawlSummary;

    beforeAll(async () => {
      server = await ReplayServer.start();
      // HireVue: the real listing (3 of its 5) and the real detail of its first posting.
      const hirevue = json('smartrecruiters-hirevue-candidatezero-detail-fixture.json');
      server.setBoard('smartrecruiters', 'HireVue', json('smartrecruiters-hirevue-candidatezero-list-fixture.json'));
      server.setDetail('HireVue', String(hirevue.id), hirevue);
      // Western Digital's detail is of a posting in no copied listing: a one-posting listing made
      // here from the detail itself (a listing item is the detail without jobAd and compensation).
      const wd = json('smartrecruiters-westerndigital-internradar-detail-fixture.json');
      const { jobAd: _ad, compensation: _pay, ...item } = wd;
      server.setBoard('smartrecruiters', 'WesternDigital', { offset: 0, limit: 100, totalFound: 1, content: [item] });
      server.setDetail('WesternDigital', String(wd.id), wd);
      first = await crawl(
        server,
        idx.file,
        [
          { platform: 'smartrecruiters', token: 'HireVue' },
          { platform: 'smartrecruiters', token: 'WesternDigital' },
        ],
        Date.parse('2026-09-01T00:00:00Z'),
        PATIENT_RETRY,
      );
    }, 60_000);
    afterAll(async () => {
      await server.close();
      idx.cleanup();
    });

    it('a posting carries its description from jobAd.sections, and its compensation', () => {
      const wd = first.boards.find((b) => b.board.token === 'WesternDigital')!;
      expect(wd).toMatchObject({ state: 'ok', added: 1 });
      const j = readJobs(idx.file).find((x) => x.title === 'Summer 2027 Intern - Hardware Engineering')!;
      expect(j.html).toMatch(/<h3>Job Description<\/h3>/);
      expect(j.html.length).toBeGreaterThan(4000);
      expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([34, 47, 'USD', 'hour']);
      expect([j.employment_type, j.work_mode]).toEqual(['internship', 'hybrid']);
      expect(readLocations(idx.file, j.id)[0]).toMatchObject({ city: 'San Jose', region: 'CA', country: 'US' });
    });

    it('a trimmed listing (3 of 5) is incomplete; the posting with a detail carries its description, no pay invented', () => {
      const hv = first.boards.find((b) => b.board.token === 'HireVue')!;
      expect(hv).toMatchObject({ state: 'anomaly', added: 1, expired: 0, skipped: { no_description: 2 } });
      const j = readJobs(idx.file).find((x) => x.title === 'Data Science Intern | Fully Remote US')!;
      expect(j.html.length).toBeGreaterThan(400);
      expect(j.salary_min).toBeNull();
      expect([j.remote, j.work_mode]).toEqual([1, 'remote']);
    });
  },
);
