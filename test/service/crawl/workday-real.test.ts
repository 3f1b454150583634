import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import type { CrawlSummary } from '#service/crawl/crawl-types';
import { crawl, PATIENT_RETRY, readJobs, readLocations, tempIndex } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_DIR } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

// Every real Workday payload in ../shared/data/realjobs/more/ (list pages and details of six
// tenants), replayed at Workday's own paths. The lists are trimmed pages: where the first page
// states more postings than the answer holds, the read is incomplete and nothing may expire.
const MORE = join(REALJOBS_DIR, 'more');
const PRESENT = existsSync(MORE);
const read = (f: string) => readFileSync(join(MORE, f), 'utf8');
const AT = Date.parse('2026-09-01T00:00:00Z');

interface Detail {
  jobPostingInfo: { title: string; externalUrl: string };
}

/** The path after the site in a detail's own externalUrl. */
const pathOf = (d: Detail) => new URL(d.jobPostingInfo.externalUrl).pathname.replace(/^\/[^/]+/, '');

describe(
  PRESENT
    ? 'workday adapter on every real payload (../shared/data/realjobs/more)'
    : '../shared absent: real Workday payload tests',
  () => {
    it('finds the real payloads', () => {
      expect(PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!PRESENT) return;

    const lists: Array<{ board: BoardRef; pages: string[]; details?: string[] }> = [
      {
        board: { platform: 'workday', token: 'nvidia.wd5/NVIDIAExternalCareerSite' },
        pages: [read('workday-nvidia-jobos-fixture.json')],
      },
      {
        board: { platform: 'workday', token: 'gdit.wd5/External_Career_Site' },
        pages: [read('workday-gdit-awsjobstreamer-list-fixture.json')],
        details: ['workday-gdit-awsjobstreamer-detail-fixture.json'],
      },
      {
        board: { platform: 'workday', token: 'workday.wd5/Workday' },
        pages: [read('workday-workday-candidatezero-list-fixture.json')],
        details: ['workday-workday-candidatezero-detail-fixture.json'],
      },
      {
        board: { platform: 'workday', token: 'arrowstreetcapital.wd5/Campus_Careers' },
        pages: [read('workday-arrowstreetcapital-internradar-list-fixture.json')],
      },
      // Page 0 and a later page of one board, as recorded: the later page states `total: 0`.
      {
        board: { platform: 'workday', token: 'analogdevices.wd1/External' },
        pages: [
          read('workday-analogdevices-jobagent-list-fixture.json'),
          read('workday-analogdevices-jobagent-list-laterpage-fixture.json'),
        ],
      },
    ];
    // Details whose posting is in no copied list: a one-posting list in Workday's shape, made here from the detail.
    const lone: Array<{ board: BoardRef; detail: string }> = [
      {
        board: { platform: 'workday', token: 'nvidia.wd5/NVIDIAExternalCareerSite' },
        detail: 'workday-nvidia-jobagent-detail-fixture.json',
      },
      {
        board: { platform: 'workday', token: 'synchronyfinancial.wd5/University' },
        detail: 'workday-synchronyfinancial-internradar-detail-fixture.json',
      },
    ];

    let server: ReplayServer;
    const idx = tempIndex();
    const loneIdx = tempIndex();
    let first: CrawlSummary;
    let loneRead: CrawlSummary;
    const stateOf = (s: CrawlSummary, b: BoardRef) => s.boards.find((x) => x.board.token === b.token)!;

    beforeAll(async () => {
      server = await ReplayServer.start();
      for (const l of lists) {
        server.setWorkdayPages(l.board.token, l.pages);
        for (const f of l.details ?? [])
          server.setWorkdayDetail(l.board.token, pathOf(JSON.parse(read(f)) as Detail), JSON.parse(read(f)));
      }
      first = await crawl(
        server,
        idx.file,
        lists.map((l) => l.board),
        AT,
        PATIENT_RETRY,
      );
      const again = await ReplayServer.start();
      for (const l of lone) {
        const d = JSON.parse(read(l.detail)) as Detail;
        again.setBoard('workday', l.board.token, {
          total: 1,
          jobPostings: [
            {
              title: d.jobPostingInfo.title,
              externalPath: pathOf(d),
              locationsText: '1 Location',
              postedOn: 'Posted Today',
              bulletFields: [],
            },
          ],
        });
        again.setWorkdayDetail(l.board.token, pathOf(d), d);
      }
      loneRead = await crawl(
        again,
        loneIdx.file,
        lone.map((l) => l.board),
        AT,
        PATIENT_RETRY,
      );
      await again.close();
    }, 120_000);
    afterAll(async () => {
      await server.close();
      idx.cleanup();
      loneIdx.cleanup();
    });

    it('a trimmed list (fewer postings than its first page states) is an incomplete read; postings without a detail are skipped, not expired', () => {
      for (const l of lists) {
        const s = stateOf(first, l.board);
        const postings = l.pages.reduce(
          (n, p) => n + (JSON.parse(p) as { jobPostings: unknown[] }).jobPostings.length,
          0,
        );
        const total = (JSON.parse(l.pages[0]!) as { total: number }).total;
        expect(s.postings, l.board.token).toBe(postings);
        expect(s.state, l.board.token).toBe(postings < total ? 'anomaly' : 'ok');
        expect(s.added, l.board.token).toBe(l.details?.length ?? 0);
        expect(s.added + (s.skipped.no_description ?? 0), l.board.token).toBe(postings);
        expect(s.expired).toBe(0);
      }
      // The whole board (4 of 4 stated): a complete read.
      expect(stateOf(first, lists[3]!.board).state).toBe('ok');
    });

    it('reads past a later page that states total 0 (analogdevices: 20 + 20 of 1,025)', () => {
      const asked = server.requests
        .filter((r) => r.path === '/wday/cxs/analogdevices/External/jobs')
        .map((r) => (JSON.parse(r.body!) as { offset: number }).offset);
      expect(asked.slice(0, 3)).toEqual([0, 20, 40]);
      expect(stateOf(first, lists[4]!.board).error).toMatch(/the board states 1025 postings, the answer held 40/);
    });

    it('GDIT: description, place with its country, full time, posted day, Workday link', () => {
      const j = readJobs(idx.file).find((x) => x.title === 'Data Engineer')!;
      expect(j.html).toContain('Palantir Foundry');
      expect(j.employment_type).toBe('full_time');
      expect(j.posted_at).toBe(Date.parse('2026-07-07T00:00:00Z'));
      expect(j.posting_url).toBe(
        'https://gdit.wd5.myworkdayjobs.com/External_Career_Site/job/USA-DC-Washington/Data-Engineer_RQ216675',
      );
      expect(readLocations(idx.file, j.id)).toEqual([
        { city: 'Washington', region: 'DC', country: 'US', text: 'USA DC Washington' },
      ]);
    });

    it('Workday’s own board: remoteType Onsite, pay from the description prose', () => {
      const j = readJobs(idx.file).find(
        (x) => x.title === 'Sr. Site Reliability Engineer (US Federal)' && x.html !== '',
      )!;
      expect([j.work_mode, j.remote]).toEqual(['onsite', 0]);
      expect(j.employment_type).toBe('full_time');
      expect([j.salary_min, j.salary_max, j.salary_currency, j.salary_period]).toEqual([151500, 227300, 'USD', 'year']);
      expect(readLocations(idx.file, j.id)).toEqual([
        { city: 'Reston', region: 'VA', country: 'US', text: 'USA.VA.Reston' },
      ]);
    });

    it('NVIDIA detail: every location (primary and additional, remote ones keep their state)', () => {
      expect(stateOf(loneRead, lone[0]!.board)).toMatchObject({ state: 'ok', added: 1 });
      const j = readJobs(loneIdx.file).find((x) => x.title === 'Senior AI Security Researcher')!;
      const places = readLocations(loneIdx.file, j.id);
      expect(places.map((p) => [p.city, p.region, p.country])).toEqual([
        ['Durham', 'NC', 'US'],
        [null, 'NC', 'US'],
        [null, 'TX', 'US'],
        [null, 'VA', 'US'],
        [null, 'WA', 'US'],
        [null, 'CA', 'US'],
      ]);
      expect(j.posted_at).toBe(Date.parse('2026-08-18T00:00:00Z'));
    });

    it('Synchrony detail: an intern posting, its one place given its country by the detail', () => {
      expect(stateOf(loneRead, lone[1]!.board)).toMatchObject({ state: 'ok', added: 1 });
      const j = readJobs(loneIdx.file).find((x) => x.title === 'BLP Intern – Technology')!;
      expect(j.employment_type).toBe('internship');
      expect(readLocations(loneIdx.file, j.id)[0]).toMatchObject({ country: 'US' });
      expect(j.html.length).toBeGreaterThan(5000);
    });

    it('a second crawl with nothing changed writes nothing', async () => {
      const again = await crawl(
        server,
        idx.file,
        lists.map((l) => l.board),
        AT + 3_600_000,
        PATIENT_RETRY,
      );
      for (const s of again.boards) expect([s.added, s.updated, s.expired], s.board.token).toEqual([0, 0, 0]);
    }, 120_000);
  },
);
