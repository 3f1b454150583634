import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openIndex } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { openUserDb } from '#service/user-db/open-user-db';
import { SavedJobs } from '#service/user-db/saved-jobs';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import { root } from '../helpers/built-dist.js';
import { expect, test } from './support/app.js';
import { copyE2eIndex, serve } from './support/isolated-app.js';

// A saved job's close names its source and day ("Closed on its Greenhouse board, Dec 3, 2026"),
// read from the user file after the posting left the index (issue 26, provenance.md).

let app: { url: string; stop(): Promise<void> };
let dir: string;
let index: string;
let userFile: string;
test.beforeAll(async () => {
  ({ dir, index } = copyE2eIndex('closed-by'));
  userFile = join(dir, 'user.sqlite');
  app = await serve(['--db', index, '--user-data', userFile, '--ui', join(root, 'dist', 'renderer')]);
});
test.afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const DEC_3 = new Date(Date.UTC(2026, 11, 3, 12));

/** What a crawl or sync does: the posting leaves the index, the saved copy is closed by `source`. */
async function closeBy(jobId: string, source: string): Promise<void> {
  const db = openIndex(index);
  try {
    const w = new IndexWriter(db);
    w.transaction(() => w.deleteJob(jobId));
  } finally {
    db.close();
  }
  const user = openUserDb(userFile);
  try {
    await new SavedJobsSyncPort(new SavedJobs(user)).recordCheck(jobId, { kind: 'gone', closedBy: source }, DEC_3);
  } finally {
    user.close();
  }
}

test('a closed saved job says which source closed it, and when', async ({ page }) => {
  // A server of its own and a browser on a shared 2-core machine.
  test.setTimeout(90_000);
  const post = async (path: string, body: unknown) => {
    const r = await page.request.post(`${app.url}${path}`, { data: body });
    expect(r.status()).toBe(200);
    return (await r.json()) as Record<string, any>;
  };
  const list = await post('/svc.jobs.v1.JobsService/List', { query: { limit: 2 } });
  const [board, upstream] = list.data as Array<{ id: string; title: string }>;
  for (const j of [board!, upstream!]) await post('/svc.saved.v1.SavedJobsService/Save', { jobId: j.id });
  await closeBy(board!.id, 'board:greenhouse:luno');
  await closeBy(upstream!.id, 'upstream:https://jobs.example.com');

  await page.goto(`${app.url}/#/saved?view=list`);
  const table = page.getByRole('table', { name: 'Saved jobs' });
  const row = (title: string) => table.getByRole('row', { name: new RegExp(title) });
  await expect(row(board!.title)).toContainText('Closed on its Greenhouse board, Dec 3, 2026');
  await expect(row(upstream!.title)).toContainText('Closed upstream (jobs.example.com), Dec 3, 2026');
  await page.screenshot({ path: 'test-results/e2e/closed-by-list.png' });

  await row(board!.title).getByRole('button', { name: board!.title }).click();
  const detail = page.getByRole('region', { name: 'Saved job detail' });
  await expect(detail.getByRole('note')).toContainText(
    'Closed on its Greenhouse board, Dec 3, 2026. It was last seen open on',
  );
  // The board view names it too (its card's name, for screen readers).
  await page.goto(`${app.url}/#/saved`);
  await expect(
    page.getByRole('listitem', { name: new RegExp(`Closed upstream \\(jobs\\.example\\.com\\), Dec 3, 2026$`) }),
  ).toHaveCount(1);
});
