// SettingsService (docs/decisions/settings.md): what the Settings screen reads and writes in the
// user's file — the upstream and its schedule (the same setting sync and reports read), the theme.
import { createClient } from '@connectrpc/connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsService } from '#shared/gen/svc/settings/v1/settings_pb';
import { SYNC_UPSTREAM_KEY } from '#service/sync/sync-settings';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { postJson } from '../../helpers/fixture.js';
import { UserHarness } from './harness.js';

let h: UserHarness;
const place = { indexFile: '/data/index.sqlite', userFile: '/data/user.sqlite', backgroundSync: true };
const client = () => createClient(SettingsService, createInMemoryTransport(h.handlers));

beforeEach(() => {
  h = new UserHarness({ place });
});
afterEach(() => h.close());

describe('SettingsService', () => {
  it('starts with no upstream, the default schedule, the system theme and where the data lives', async () => {
    const { settings } = await client().get({});
    expect(settings).toMatchObject({ everyMinutes: 60, theme: 'system', ...place });
    expect(settings?.upstreamUrl).toBeUndefined();
  });

  it('keeps the upstream and schedule in the user file, where sync and reports read them', async () => {
    const set = await client().setUpstream({ url: ' https://jobs.example.org/ ', everyMinutes: 15 });
    expect(set.settings).toMatchObject({ upstreamUrl: 'https://jobs.example.org/', everyMinutes: 15 });
    expect(h.user.settings.get(SYNC_UPSTREAM_KEY)).toEqual({ url: 'https://jobs.example.org/', everyMinutes: 15 });
    expect((await h.reports.getAccount({})).upstream).toBe('https://jobs.example.org');
    h.reopenUser();
    expect((await client().get({})).settings).toMatchObject({
      upstreamUrl: 'https://jobs.example.org/',
      everyMinutes: 15,
    });

    // An empty URL turns it off: no sync, reports wait.
    expect((await client().setUpstream({ url: '' })).settings?.upstreamUrl).toBeUndefined();
    expect(h.user.settings.get(SYNC_UPSTREAM_KEY)).toBeUndefined();
    expect((await h.reports.getAccount({})).upstream).toBeUndefined();
  });

  it.each([
    [
      'a URL that is not http(s)',
      { url: 'ftp://jobs.example.org' },
      'url: must be an http(s) URL, got "ftp://jobs.example.org"',
    ],
    ['words', { url: 'my job index' }, 'url: must be an http(s) URL, got "my job index"'],
    [
      'a schedule under 5 minutes',
      { url: 'https://jobs.example.org', everyMinutes: 2 },
      'everyMinutes: must be a number of minutes ≥ 5, got 2',
    ],
    ['an unknown theme', { theme: 'pink' }, 'theme: must be one of system, light, dark, got "pink"'],
  ])('refuses %s, naming the field, and keeps what was set', async (_name, body, message) => {
    await client().setUpstream({ url: 'https://kept.example.org' });
    const path =
      'theme' in body ? '/svc.settings.v1.SettingsService/SetTheme' : '/svc.settings.v1.SettingsService/SetUpstream';
    const res = await postJson(h.handlers, path, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_argument', message });
    expect((await client().get({})).settings).toMatchObject({
      upstreamUrl: 'https://kept.example.org/',
      theme: 'system',
    });
  });

  it('keeps the theme', async () => {
    expect((await client().setTheme({ theme: 'dark' })).settings?.theme).toBe('dark');
    h.reopenUser();
    expect((await client().get({})).settings?.theme).toBe('dark');
  });

  it('says why a hand-edited upstream setting cannot be used', async () => {
    h.user.settings.set(SYNC_UPSTREAM_KEY, { url: 'not a url' });
    const { settings } = await client().get({});
    expect(settings?.upstreamUrl).toBeUndefined();
    expect(settings?.upstreamProblem).toBe('sync.upstream.url: must be an http(s) URL, got "not a url"');
  });
});
