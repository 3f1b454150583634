import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUrlWriter, URL_REPLACE_DELAY_MS } from '../../renderer/state/url-writer.js';

// The address bar while someone types: written once they pause, never onto the wrong entry.

/** A history of hash entries, as the browser keeps it. */
function fakeHistory(start: string) {
  const entries = [start];
  let at = 0;
  return {
    entries,
    get current() {
      return entries[at]!;
    },
    api: {
      state: null,
      replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void (entries[at] = String(url)),
      pushState: (_s: unknown, _t: string, url?: string | URL | null) => {
        entries.splice(++at, entries.length, String(url));
      },
    },
    back() {
      at--;
    },
  };
}

describe('createUrlWriter', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes a burst of keystrokes once, with the last text, after the pause', () => {
    const h = fakeHistory('#/jobs');
    const replace = vi.spyOn(h.api, 'replaceState');
    const url = createUrlWriter(h.api, () => h.current);
    for (const q of ['n', 'nu', 'nur', 'nurs', 'nurse']) {
      url.replace(`#/jobs?q=${q}`);
      vi.advanceTimersByTime(URL_REPLACE_DELAY_MS / 2);
    }
    expect(h.current).toBe('#/jobs');
    vi.advanceTimersByTime(URL_REPLACE_DELAY_MS);
    expect(h.current).toBe('#/jobs?q=nurse');
    expect(replace).toHaveBeenCalledTimes(1);
    expect(h.entries).toEqual(['#/jobs?q=nurse']);
  });

  it('a new screen right after typing keeps the typed search on the entry Back returns to', () => {
    const h = fakeHistory('#/jobs');
    const url = createUrlWriter(h.api, () => h.current);
    url.replace('#/jobs?q=acme');
    url.push('#/company/acme');
    expect(h.entries).toEqual(['#/jobs?q=acme', '#/company/acme']);
    vi.advanceTimersByTime(URL_REPLACE_DELAY_MS * 2);
    expect(h.entries).toEqual(['#/jobs?q=acme', '#/company/acme']);
  });

  it('Back or an edited address drops a pending write instead of putting it on another entry', () => {
    const h = fakeHistory('#/jobs?q=nurse');
    const url = createUrlWriter(h.api, () => h.current);
    url.push('#/company/acme');
    url.replace('#/company/acme?q=eng');
    h.back();
    url.cancel();
    vi.advanceTimersByTime(URL_REPLACE_DELAY_MS * 2);
    expect(h.entries).toEqual(['#/jobs?q=nurse', '#/company/acme']);
    expect(h.current).toBe('#/jobs?q=nurse');
  });

  it('flush writes at once (before a reload or a link leaves the page)', () => {
    const h = fakeHistory('#/jobs');
    const url = createUrlWriter(h.api, () => h.current);
    url.replace('#/jobs?q=data');
    url.flush();
    expect(h.current).toBe('#/jobs?q=data');
  });
});
