import { create } from 'zustand';
import { formatHash, parseHash, type Route } from './route.js';
import { createUrlWriter } from './url-writer.js';

interface RouteStore {
  route: Route;
  /**
   * Shows a route. `replace` for refinements (typing, filters) so Back leaves the screen, not each
   * keystroke; their URL is written once the refinements pause (`url-writer.ts`), the screen at once.
   */
  go(route: Route, opts?: { replace?: boolean }): void;
  /** The previous history entry, with the current one's latest URL written first. */
  back(): void;
}

const url = createUrlWriter(history, () => window.location.hash);

export const useRoute = create<RouteStore>((set) => ({
  route: parseHash(window.location.hash),
  go(route, opts) {
    const hash = formatHash(route);
    if (opts?.replace) url.replace(hash);
    else url.push(hash);
    set({ route });
  },
  back() {
    url.flush();
    history.back();
  },
}));

// The Jobs screen as it was last shown (words, filters, open job): its tab returns there, so a look
// at Saved or Settings does not throw away a search being typed.
type JobsRoute = Extract<Route, { view: 'jobs' }>;
let lastJobs: JobsRoute = { view: 'jobs', search: { q: '' } };
const keepJobs = (r: Route) => {
  if (r.view === 'jobs') lastJobs = r;
};
keepJobs(useRoute.getState().route);
useRoute.subscribe((s) => keepJobs(s.route));

export function lastJobsRoute(): JobsRoute {
  return lastJobs;
}

// Back, Forward, and links or edits of the address: the URL is the source of truth.
const fromUrl = () => {
  url.cancel();
  useRoute.setState({ route: parseHash(window.location.hash) });
};
window.addEventListener('popstate', fromUrl);
window.addEventListener('hashchange', fromUrl);
// A plain link may leave the entry, and a reload or a closed tab should keep the latest search.
window.addEventListener('click', () => url.flush(), { capture: true });
// A choice (a select, a checkbox, a date) is one step, not a run of keys: written at once. Bubble
// phase, so the screen's own handler has made the new route pending first. (A reload does not
// wait for `pagehide`'s write: it reloads the URL the browser already has.)
window.addEventListener('change', () => url.flush());
window.addEventListener('pagehide', () => url.flush());
