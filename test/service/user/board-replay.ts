import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Small boards of our own making in each platform's public-API shape, served at the platforms'
// real paths on 127.0.0.1, for the Sources tests (the crawl's own replay serves the real payloads).

const GREENHOUSE_ACME = {
  jobs: [
    {
      id: 4001,
      title: 'Backend Engineer',
      company_name: 'Acme Robotics',
      updated_at: '2026-10-20T10:00:00-04:00',
      first_published: '2026-10-01T09:00:00-04:00',
      location: { name: 'Berlin, Germany' },
      absolute_url: 'https://job-boards.greenhouse.io/acme/jobs/4001',
      metadata: [{ name: 'Employment Type', value: 'Full-time' }],
      offices: [],
      content: '&lt;p&gt;Build the robots&amp;#39; brains. Pay: €70,000 - €85,000 a year.&lt;/p&gt;',
    },
    {
      id: 4002,
      title: 'Product Designer',
      company_name: 'Acme Robotics',
      updated_at: '2026-10-21T10:00:00-04:00',
      first_published: '2026-10-02T09:00:00-04:00',
      location: { name: 'London, United Kingdom' },
      absolute_url: 'https://job-boards.greenhouse.io/acme/jobs/4002',
      metadata: [],
      offices: [],
      content: '&lt;p&gt;Design what people touch.&lt;/p&gt;',
    },
  ],
  meta: { total: 2 },
};

const LEVER_ACME = [
  {
    id: '5b1c2d3e-0000-4000-8000-000000000001',
    text: 'Support Specialist',
    categories: { location: 'Lisbon, Portugal', commitment: 'Full-time', team: 'Support' },
    createdAt: 1_760_000_000_000,
    hostedUrl: 'https://jobs.lever.co/acme/5b1c2d3e-0000-4000-8000-000000000001',
    applyUrl: 'https://jobs.lever.co/acme/5b1c2d3e-0000-4000-8000-000000000001/apply',
    description: '<p>Help people.</p>',
    descriptionPlain: 'Help people.',
    lists: [],
    additional: '',
    workplaceType: 'onsite',
  },
];

// Recruitee's host names the board: with an overridden base the board is the path's first segment.
const RECRUITEE_ACME = {
  offers: [
    {
      id: 920001,
      slug: 'dispatch-coordinator',
      status: 'published',
      title: 'Dispatch Coordinator',
      company_name: 'Acme Robotics',
      employment_type_code: 'fulltime_permanent',
      remote: false,
      hybrid: true,
      on_site: false,
      locations: [{ city: 'Rotterdam', state: 'Zuid-Holland', country: 'Netherlands', country_code: 'NL' }],
      careers_url: 'https://acme.recruitee.com/o/dispatch-coordinator',
      careers_apply_url: 'https://acme.recruitee.com/o/dispatch-coordinator/c/new',
      published_at: '2026-10-03 09:00:00 UTC',
      description: '<p>Send the robots where they are needed.</p>',
      requirements: '<ul><li>Calm under pressure</li></ul>',
    },
  ],
};

export interface Replay {
  url: string;
  /** Every path asked, in order. */
  asked: string[];
  /** Paths that answer 503 while listed (a platform down for a while). */
  down: Set<string>;
  close(): Promise<void>;
}

/**
 * Greenhouse `acme` (2 postings), Lever `acme` (1), Recruitee `acme` (1), Greenhouse `broken` (500), Greenhouse
 * `slow` (no answer), Workday `acme.wd5/Careers` and Teamtailor `acme` (0), and 404 for any other board;
 * Ashby and SmartRecruiters answer 200 with an empty list for any name, as the real ones do.
 */
export async function startBoardReplay(): Promise<Replay> {
  const asked: string[] = [];
  const down = new Set<string>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    asked.push(req.url ?? '/');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (down.has(path)) return json(503, { error: 'down for maintenance' });
    // Greenhouse `slow` never answers (a platform that hangs): the asker's timeout ends it.
    if (path === '/v1/boards/slow/jobs') return;
    // Workday `acme.wd5/Careers` and Teamtailor `acme`: boards with no openings today.
    if (path === '/wday/cxs/acme/Careers/jobs') return json(200, { total: 0, jobPostings: [] });
    if (path === '/acme/jobs.json') return json(200, { version: 'https://jsonfeed.org/version/1.1', items: [] });
    // Breezy HR `acme` (1 position) and JazzHR `acme` (1 open job, the feed is XML).
    if (path === '/acme/json') return json(200, [{ id: 'a1', name: 'Engineer', url: 'https://acme.breezy.hr/p/a1' }]);
    if (path === '/feeds/export/jobs/acme') {
      res.writeHead(200, { 'content-type': 'text/xml' });
      return void res.end(
        '<?xml version="1.0"?><jobs><job><id>j1</id><status>Open</status><title>Engineer</title></job></jobs>',
      );
    }
    // SmartRecruiters answers any company it does not know with an empty list, as the real one does.
    if (/^\/v1\/companies\/[^/]+\/postings$/.test(path))
      return json(200, { offset: 0, limit: 100, totalFound: 0, content: [] });
    if (path === '/v1/boards/acme/jobs') return json(200, GREENHOUSE_ACME);
    if (path === '/v1/boards/broken/jobs') return json(500, { error: 'upstream down' });
    if (path === '/v0/postings/acme') return json(200, LEVER_ACME);
    if (path === '/acme/api/offers/') return json(200, RECRUITEE_ACME);
    if (path.startsWith('/posting-api/job-board/')) return json(200, { jobs: [], apiVersion: '1' });
    return json(404, { status: 404, error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked,
    down,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every platform pointed at the replay (`--api-base` for each). */
export function replayBases(url: string) {
  return {
    greenhouse: url,
    lever: url,
    ashby: url,
    smartrecruiters: url,
    workable: url,
    recruitee: url,
    workday: url,
    teamtailor: url,
    bamboohr: url,
    personio: url,
    breezy: url,
    jazzhr: url,
  };
}
