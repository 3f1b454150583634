import { create } from 'zustand';
import { formatHash, parseHash, type Route } from './route.js';

interface RouteStore {
  route: Route;
  /** Shows a route. `replace` for refinements (typing, filters) so Back leaves the screen, not each keystroke. */
  go(route: Route, opts?: { replace?: boolean }): void;
}

export const useRoute = create<RouteStore>((set) => ({
  route: parseHash(window.location.hash),
  go(route, opts) {
    const hash = formatHash(route);
    if (hash !== window.location.hash) {
      if (opts?.replace) history.replaceState(history.state, '', hash);
      else history.pushState(history.state, '', hash);
    }
    set({ route });
  },
}));

// Back, Forward, and links or edits of the address: the URL is the source of truth.
window.addEventListener('popstate', () => useRoute.setState({ route: parseHash(window.location.hash) }));
window.addEventListener('hashchange', () => useRoute.setState({ route: parseHash(window.location.hash) }));
