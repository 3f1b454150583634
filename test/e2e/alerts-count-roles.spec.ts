import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openIndex } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { root } from '../helpers/built-dist.js';
import { expect, test } from './support/app.js';
import { fixtureJob } from './support/user-fixtures.js';
import { copyE2eIndex, serve } from './support/isolated-app.js';

// Issue 27 in a browser: a saved search's new matches are one role posted in five towns and one
// other role. The Searches tab, the search's row and its alert count roles (docs/decisions/
// folded-counts.md): "2 new", never 6. The spec's List still answers all six postings.

const id = (n: number) => `0e2e0000-0000-4000-8000-0000002a${String(n).padStart(4, '0')}`;
const TOWNS = ['Kiel', 'Bremen', 'Rostock', 'Lübeck', 'Wismar'];
const TEXT =
  '<p>Keep the light burning through the night, log the passing ships, and mend the lamp and ' +
  'the lens by day. Radio the coast guard when a ship is in distress.</p>';

let app: { url: string; stop(): Promise<void> };
let index: string;
let dir: string;
test.beforeAll(async () => {
  ({ dir, index } = copyE2eIndex('alert-roles'));
  app = await serve(['--db', index, '--user-data', join(dir, 'user.sqlite'), '--ui', join(root, 'dist', 'renderer')]);
});
test.afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The new postings arrive as a sync would write them (the writer folds them). */
function addPostings(): void {
  const db = openIndex(index);
  try {
    const w = new IndexWriter(db);
    const now = Date.now();
    w.transaction(() => {
      TOWNS.forEach((city, i) =>
        w.upsertJob({
          ...fixtureJob({ id: id(i + 1), title: `Lighthouse Keeper - ${city}` }, now + i),
          locations: [{ city, country: 'DE', remote: false }],
          descriptionHtml: TEXT,
        }),
      );
      w.upsertJob(fixtureJob({ id: id(9), title: 'Lighthouse Lamp Engineer' }, now));
    });
  } finally {
    db.close();
  }
}

test('one role posted in five towns is 1 new: the row, the tab and the alert count 2 roles, not 6 postings', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const w = window as unknown as { __shown: Array<{ title: string }>; Notification: unknown };
    w.__shown = [];
    class StandIn {
      static permission: NotificationPermission = 'granted';
      static requestPermission() {
        return Promise.resolve(StandIn.permission);
      }
      onclick: (() => void) | null = null;
      constructor(title: string) {
        w.__shown.push({ title });
      }
      close() {}
    }
    w.Notification = StandIn;
  });
  const post = async (path: string, body: unknown) => {
    const r = await page.request.post(`${app.url}${path}`, {
      data: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status(), await r.text()).toBe(200);
    return r.json();
  };
  await post('/svc.searches.v1.SavedSearchesService/Create', { name: 'Lighthouses', query: { query: 'lighthouse' } });
  await new Promise((r) => setTimeout(r, 20));
  addPostings();

  const spec = await post('/svc.jobs.v1.JobsService/List', { query: { query: 'lighthouse', limit: 20 } });
  expect(spec.data).toHaveLength(6);

  await page.goto(`${app.url}/#/searches`);
  const row = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem', { name: 'Lighthouses' });
  await expect(row).toContainText('2 new');
  await expect(page.getByRole('link', { name: 'Searches, 2 new' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: Array<{ title: string }> }).__shown))
    .toEqual([{ title: '2 new jobs for “Lighthouses”' }]);

  // The list shows the same two roles, the keeper's with its five places.
  await page.goto(`${app.url}/#/jobs?q=lighthouse`);
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list).toContainText('· 5 places');
});
