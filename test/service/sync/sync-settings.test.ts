import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundSync } from '../../../electron/worker/background-sync.js';
import { parseSyncUpstream, SYNC_UPSTREAM_KEY, type SyncUpstream } from '#service/sync/sync-settings';
import { openUserDb } from '#service/user-db/open-user-db';
import { Settings } from '#service/user-db/settings';

describe('the sync.upstream setting', () => {
  it('reads { url, everyMinutes }, 60 minutes by default, none when unset', () => {
    expect(parseSyncUpstream({ url: 'https://jobs.example/api', everyMinutes: 15 })).toEqual({
      url: 'https://jobs.example/api',
      everyMinutes: 15,
    });
    expect(parseSyncUpstream({ url: 'http://127.0.0.1:8080' })).toEqual({
      url: 'http://127.0.0.1:8080/',
      everyMinutes: 60,
    });
    expect(parseSyncUpstream(undefined)).toBeUndefined();
  });

  it.each([
    ['nope', 'sync.upstream'],
    [{ url: 'ftp://jobs.example' }, 'sync.upstream.url'],
    [{ url: 'not a url' }, 'sync.upstream.url'],
    [{ everyMinutes: 10 }, 'sync.upstream.url'],
    [{ url: 'https://jobs.example', everyMinutes: 1 }, 'sync.upstream.everyMinutes'],
    [{ url: 'https://jobs.example', everyMinutes: '10' }, 'sync.upstream.everyMinutes'],
  ])('%j is refused naming %s', (value, field) => {
    expect(() => parseSyncUpstream(value)).toThrow(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
  });
});

describe('background sync from the user’s settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jobindex-bgsync-'));
  const db = openUserDb(join(dir, 'user.sqlite'));
  const settings = new Settings(db);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('syncs the configured upstream on its interval, and applies a change without a restart', async () => {
    vi.useFakeTimers();
    const calls: SyncUpstream[] = [];
    const log: string[] = [];
    settings.set(SYNC_UPSTREAM_KEY, { url: 'https://a.example', everyMinutes: 10 });
    const sched = backgroundSync(
      settings,
      async (u) => void calls.push(u),
      (l) => log.push(l),
    );
    sched.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([{ url: 'https://a.example/', everyMinutes: 10 }]);
    settings.set(SYNC_UPSTREAM_KEY, { url: 'https://b.example', everyMinutes: 30 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls.at(-1)).toEqual({ url: 'https://b.example/', everyMinutes: 30 });
    // A broken setting turns sync off and says why, once.
    settings.set(SYNC_UPSTREAM_KEY, { url: 'https://b.example', everyMinutes: 0 });
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    expect(calls.length).toBe(before);
    expect(log).toEqual([
      'jobindex: background sync is off: sync.upstream.everyMinutes: must be a number of minutes ≥ 5, got 0',
    ]);
    await sched.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
