import { beforeEach, describe, expect, it } from 'vitest';
import { OPEN_SEARCH_CHANNEL } from '#shared/ipc/bridge';
import { showSearchAlert } from '../../electron/shell/search-alert-notification.js';
import { emitter, Notification, notifications } from '../helpers/fake-electron.js';

// Main's half of a search alert (docs/decisions/search-alerts.md): the worker's `search-alert`
// event becomes one desktop notification; clicking it shows the window and tells the page which
// saved search to open, also when the window had to be opened again and is still loading.

function page(loading: boolean) {
  const sent: unknown[][] = [];
  return { sent, ...emitter(), isLoading: () => loading, send: (...args: unknown[]) => void sent.push(args) };
}

const note = { searchId: 's-1', title: '3 new jobs for “Portugal”', body: 'Open the search to see them.' };

describe('search alert notification', () => {
  beforeEach(() => {
    notifications.length = 0;
  });

  it('shows the title and body; a click brings the window forward and opens that search', () => {
    const p = page(false);
    let shown = 0;
    showSearchAlert(Notification, note, () => (shown++, p));
    expect(notifications.map(({ title, body }) => ({ title, body }))).toEqual([{ title: note.title, body: note.body }]);
    expect(shown).toBe(0);
    notifications[0]!.click();
    expect(shown).toBe(1);
    expect(p.sent).toEqual([[OPEN_SEARCH_CHANNEL, 's-1']]);
  });

  it('a window opened again by the click is told once its page has loaded', () => {
    const p = page(true);
    showSearchAlert(Notification, note, () => p);
    notifications[0]!.click();
    expect(p.sent).toEqual([]);
    p.emit('did-finish-load');
    expect(p.sent).toEqual([[OPEN_SEARCH_CHANNEL, 's-1']]);
  });

  it('shows nothing where the system has no notifications', () => {
    class Unsupported extends Notification {
      static override isSupported = () => false;
    }
    showSearchAlert(Unsupported, note, () => page(false));
    expect(notifications).toEqual([]);
  });
});
