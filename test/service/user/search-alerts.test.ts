import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backgroundSync } from '../../../electron/worker/background-sync.js';
import { SYNC_UPSTREAM_KEY } from '#service/sync/sync-settings';
import { announceNewJobs, setSearchAlerts, type NewJobsAlert } from '#service/user-services/search-alerts';
import { alertText } from '#shared/rules/saved-search';
import { Notification, notifications } from '../../helpers/fake-electron.js';
import { DAY, UserHarness } from './harness.js';

// Alerts for saved searches (docs/decisions/search-alerts.md): after the index changes, one
// notification per search with new jobs, with the right count; never twice; nothing missed
// across a restart, because the announced mark is in the user's file.

let h: UserHarness;
beforeEach(() => {
  h = new UserHarness();
  notifications.length = 0;
});
afterEach(() => h.close());

/** What main does with an alert: Electron's Notification (here its stand-in). */
const desktop = (a: NewJobsAlert) => new Notification(alertText(a)).show();
const announce = () => announceNewJobs(h.index, h.userDb, desktop);

describe('search alerts', () => {
  it('after a sync, one notification per search with new jobs, counting only its own', async () => {
    const pt = (await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } })).search!;
    await h.searches.create({ name: 'Norway', query: { filters: { country: 'NO' } } });
    await h.searches.create({ name: 'Keepers', query: { query: 'zzzqqq' } });
    // The sync: the background scheduler runs it, then the alerts (as main wires them).
    h.user.settings.set(SYNC_UPSTREAM_KEY, { url: 'http://127.0.0.1:9/', everyMinutes: 60 });
    const sync = backgroundSync(
      h.user.settings,
      async () => {
        for (let i = 0; i < 3; i++) h.addJob({ discoveredAt: h.clock + DAY + i * 1000 });
        h.addJob({ discoveredAt: h.clock + DAY, locations: [{ city: 'Oslo', country: 'NO', remote: false }] });
      },
      () => {},
      announce,
    );
    await sync.runNow();
    expect(
      notifications.map(({ title, body }) => ({ title, body })).sort((a, b) => a.title.localeCompare(b.title)),
    ).toEqual([
      { title: '1 new job for “Norway”', body: 'Open the search to see them.' },
      { title: '3 new jobs for “Portugal”', body: 'Open the search to see them.' },
    ]);
    // The in-app count agrees.
    const listed = (await h.searches.list({})).data.find((s) => s.id === pt.id)!;
    expect(listed.newCount).toBe(3);
  });

  it('counts roles, not postings: one role posted in 30 towns is 1 new job (folding.md)', async () => {
    await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } });
    const towns = ['Lisbon', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro'];
    for (let i = 0; i < 30; i++) {
      const city = `${towns[i % towns.length]}${i < towns.length ? '' : ` ${'abcdefghijklmnopqrstuvwxyz'[i]}`}`;
      h.addJob({
        discoveredAt: h.clock + DAY + i * 1000,
        title: `Harness Probe Lighthouse Keeper - ${city}`,
        locations: [{ city, country: 'PT', remote: false }],
        descriptionHtml: '<p>Keep the light of our coast: one role, hired in every town.</p>',
      });
    }
    h.addJob({ discoveredAt: h.clock + DAY, title: 'Harness Probe Harbour Master' });
    expect(announce()).toMatchObject([{ name: 'Portugal', count: 2, capped: false }]);
    expect((await h.searches.list({})).data[0]!.newCount).toBe(2);
  });

  it('announces nothing twice, and what arrives while the app is closed at the next start', async () => {
    await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } });
    h.addJob({ discoveredAt: h.clock + DAY });
    expect(announce().map((a) => a.count)).toEqual([1]);
    expect(announce()).toEqual([]);
    // The app quits; a sync (the CLI) brings two more; the app starts again.
    h.reopenUser();
    h.addJob({ discoveredAt: h.clock + 2 * DAY });
    h.addJob({ discoveredAt: h.clock + 2 * DAY + 1000 });
    expect(announce().map((a) => a.count)).toEqual([2]);
    expect(announce()).toEqual([]);
    expect(notifications.map((n) => n.title)).toEqual(['1 new job for “Portugal”', '2 new jobs for “Portugal”']);
  });

  it('stays quiet for a search whose alerts are off, and for jobs that were there when it was saved', async () => {
    const s = (await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } })).search!;
    expect(announce()).toEqual([]);
    expect(setSearchAlerts(h.index, h.userDb, s.id, false)).toBe(true);
    h.addJob({ discoveredAt: h.clock + DAY });
    expect(announce()).toEqual([]);
    // Turned on again later: only what arrives from then on.
    expect(setSearchAlerts(h.index, h.userDb, s.id, true)).toBe(true);
    expect(announce()).toEqual([]);
    expect(setSearchAlerts(h.index, h.userDb, 'no-such-search', true)).toBe(false);
  });

  it('SetAlerts turns one search off and on over the service, and says which; a bad id names the field', async () => {
    const pt = (await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } })).search!;
    const no = (await h.searches.create({ name: 'Norway', query: { filters: { country: 'NO' } } })).search!;
    expect(pt.alerts).toBe(true);
    const off = (await h.searches.setAlerts({ id: pt.id, on: false })).search!;
    expect(off.alerts).toBe(false);
    expect((await h.searches.list({})).data.map((s) => [s.name, s.alerts])).toEqual(
      expect.arrayContaining([
        ['Portugal', false],
        ['Norway', true],
      ]),
    );
    h.addJob({ discoveredAt: h.clock + DAY });
    h.addJob({ discoveredAt: h.clock + DAY, locations: [{ city: 'Oslo', country: 'NO', remote: false }] });
    expect(announce().map((a) => a.searchId)).toEqual([no.id]);
    // The switch survives a restart: it is in the user's file.
    h.reopenUser();
    expect((await h.searches.list({})).data.find((s) => s.id === pt.id)!.alerts).toBe(false);
    expect((await h.searches.setAlerts({ id: pt.id, on: true })).search!.alerts).toBe(true);
    await expect(h.searches.setAlerts({ id: '', on: true })).rejects.toThrow(/id: is required/);
    await expect(h.searches.setAlerts({ id: 'no-such-search', on: true })).rejects.toThrow(/not found/);
  });

  it('TakeAlerts (the browser build) answers the new jobs of each search once, as one alert with the count', async () => {
    const pt = (await h.searches.create({ name: 'Portugal', query: { filters: { country: 'PT' } } })).search!;
    expect((await h.searches.takeAlerts({})).alerts).toEqual([]);
    for (let i = 0; i < 4; i++) h.addJob({ discoveredAt: h.clock + DAY + i });
    const taken = (await h.searches.takeAlerts({})).alerts;
    expect(taken.map(({ searchId, name, count, capped }) => ({ searchId, name, count, capped }))).toEqual([
      { searchId: pt.id, name: 'Portugal', count: 4, capped: false },
    ]);
    expect((await h.searches.takeAlerts({})).alerts).toEqual([]);
    // Taking alerts does not touch the "new" count the Searches screen shows.
    expect((await h.searches.list({})).data[0]!.newCount).toBe(4);
  });
});
