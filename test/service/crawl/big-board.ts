// A large valid board for the sliced write's tests (write-slices.ts): postings of its own making.
import Database from 'better-sqlite3';
import { crawledJobId } from '../../../electron/service/crawl/job-id.js';

/** A greenhouse answer of `count` postings (ids from `first`), each about 2 KB; `changed` ids say so in their text. */
export function greenhouseBoard(count: number, first = 0, changed: ReadonlySet<number> = new Set()): string {
  const para = '&lt;p&gt;Build launch systems with us, every day, in a team that ships. &lt;/p&gt;'.repeat(22);
  const jobs = [];
  for (let i = first; i < first + count; i++) {
    const id = 7_000_000 + i;
    jobs.push({
      id,
      title: `Engineer ${id}`,
      updated_at: '2026-05-02T10:00:00-04:00',
      location: { name: 'Berlin, Germany' },
      absolute_url: `https://example.com/jobs/${id}`,
      company_name: 'Big Boards Ltd',
      metadata: null,
      content: `&lt;p&gt;Posting ${id}${changed.has(i) ? ', now changed' : ''}.&lt;/p&gt;${para}`,
      departments: [],
      offices: [],
    });
  }
  return JSON.stringify({ jobs, meta: { total: count } });
}

/** The job id a crawl gives posting `i` of greenhouseBoard on greenhouse board `token`. */
export const bigJobId = (token: string, i: number): string =>
  crawledJobId({ platform: 'greenhouse', token }, String(7_000_000 + i));

/** Each job's status by id. */
export function statuses(file: string): Map<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT id, status FROM jobs').all() as Array<{ id: string; status: string }>;
    return new Map(rows.map((r) => [r.id, r.status]));
  } finally {
    db.close();
  }
}
