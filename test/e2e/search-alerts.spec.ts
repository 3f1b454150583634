import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../helpers/built-dist.js';
import { expect, test } from './support/app.js';
import { addJobs } from './support/index-changes.js';
import { copyE2eIndex, serve } from './support/isolated-app.js';

// Issue 19 part 1 in a browser: new jobs for a saved search with alerts on make ONE notification
// (the browser's Notification API, once the person allows it) and a count on the Searches tab;
// a click opens the search with the new jobs marked; nothing is announced twice; a search with
// alerts off stays quiet. The page's Notification is a stand-in that records what it is asked.

const word = (n: number) => `0e2e0000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`;
const OLD = { id: word(1), title: 'Wombat Keeper' };
const NEW = [2, 3, 4].map((n) => ({ id: word(n), title: `Wombat Groomer ${n}` }));
const LATER = { id: word(5), title: 'Wombat Trainer' };
const QUIET = { id: word(6), title: 'Numbat Warden' };

let app: { url: string; stop(): Promise<void> };
let index: string;
let dir: string;
test.beforeAll(async () => {
  ({ dir, index } = copyE2eIndex('alerts'));
  app = await serve(['--db', index, '--user-data', join(dir, 'user.sqlite'), '--ui', join(root, 'dist', 'renderer')]);
});
test.afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the page showed through the stand-in Notification. */
type Shown = { title: string; body: string; tag: string };

test('one notification per search with the count, a count on the tab, a click opens the search with the new jobs marked', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const w = window as unknown as {
      __shown: Array<{ title: string; body: string; tag: string; click(): void }>;
      Notification: unknown;
    };
    w.__shown = [];
    class StandIn {
      static permission: NotificationPermission = 'default';
      static requestPermission() {
        StandIn.permission = 'granted';
        return Promise.resolve(StandIn.permission);
      }
      onclick: (() => void) | null = null;
      constructor(title: string, o: { body: string; tag: string }) {
        w.__shown.push({ title, body: o.body, tag: o.tag, click: () => this.onclick?.() });
      }
      close() {}
    }
    w.Notification = StandIn;
  });
  await page.clock.install();
  const shown = () =>
    page.evaluate(() =>
      (window as unknown as { __shown: Shown[] }).__shown.map(({ title, body, tag }) => ({ title, body, tag })),
    );
  const api = async (method: string, body: unknown) => {
    const r = await page.request.post(`${app.url}/svc.searches.v1.SavedSearchesService/${method}`, {
      data: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status(), await r.text()).toBe(200);
    return r.json() as Promise<{ search: { id: string } }>;
  };

  addJobs([OLD, { id: word(7), title: 'Numbat Ranger' }], index);
  const wombats = (await api('Create', { name: 'Wombats', query: { query: 'wombat' } })).search;
  await api('Create', { name: 'Numbats', query: { query: 'numbat' } });
  await new Promise((r) => setTimeout(r, 20));
  addJobs(NEW, index);

  await page.goto(`${app.url}/#/searches`);
  const searches = page.getByRole('list', { name: 'Saved searches' });
  const row = searches.getByRole('listitem', { name: 'Wombats' });
  await expect(row).toContainText('3 new');
  await expect(page.getByRole('link', { name: 'Searches, 3 new' })).toBeVisible();
  // Alerts are on for a new search; turned off, Numbats is neither counted nor announced.
  await expect(row.getByRole('checkbox', { name: 'Alerts for Wombats' })).toBeChecked();
  const numbatAlerts = searches
    .getByRole('listitem', { name: 'Numbats' })
    .getByRole('checkbox', { name: 'Alerts for Numbats' });
  await numbatAlerts.click();
  await expect(numbatAlerts).not.toBeChecked();
  addJobs([QUIET], index);
  await page.reload();
  await expect(searches.getByRole('listitem', { name: 'Numbats' })).toContainText('1 new');
  await expect(page.getByRole('link', { name: 'Searches, 3 new' })).toBeVisible();
  await expect(numbatAlerts).not.toBeChecked();

  // Nothing shows before the person allows it; then one notification for the three jobs.
  expect(await shown()).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('search-alerts-ask.png') });
  await page.getByRole('button', { name: 'Allow notifications' }).click();
  await expect(page.getByRole('button', { name: 'Allow notifications' })).toHaveCount(0);
  await expect
    .poll(shown)
    .toEqual([
      { title: '3 new jobs for “Wombats”', body: 'Open the search to see them.', tag: `search-alert-${wombats.id}` },
    ]);

  // The click opens the search with the three new jobs marked, the old one not.
  await page.getByRole('link', { name: 'Jobs', exact: true }).click();
  await page.evaluate(() => (window as unknown as { __shown: Array<{ click(): void }> }).__shown[0]!.click());
  await expect(page).toHaveURL(/#\/jobs\?q=wombat/);
  const list = page.getByRole('listbox', { name: 'Jobs', exact: true });
  for (const j of NEW)
    await expect(list.locator(`[data-key="${j.id}"]`).getByRole('article')).toHaveAccessibleName(
      new RegExp(`^${j.title} at .*, new$`),
    );
  await expect(list.locator(`[data-key="${OLD.id}"]`).getByText('New', { exact: true })).toHaveCount(0);
  // Opened: no longer new, so the tab's count goes.
  await expect(page.getByRole('link', { name: 'Searches', exact: true })).toBeVisible();

  // The next poll announces nothing again; a later job is announced once, on its own.
  await page.clock.runFor(61_000);
  addJobs([LATER], index);
  await page.clock.runFor(61_000);
  await expect
    .poll(async () => (await shown()).map((n) => n.title))
    .toEqual(['3 new jobs for “Wombats”', '1 new job for “Wombats”']);
  await expect(page.getByRole('link', { name: 'Searches, 1 new' })).toBeVisible();
  await page.clock.runFor(61_000);
  expect((await shown()).length).toBe(2);
});
