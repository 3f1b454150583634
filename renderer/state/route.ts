import { savedViewFromParams, savedViewToParams, type SavedView } from './saved-view.js';
import {
  companyJobsFromParams,
  searchFromParams,
  toParams,
  type CompanyJobsState,
  type SearchState,
} from './search-state.js';

/** The screens, as the URL's hash holds them (hash routing works from any static server and the Electron protocol). */
export type Route =
  | { view: 'jobs'; search: SearchState; job?: string }
  | { view: 'companies'; q: string }
  | { view: 'company'; id: string; filters: CompanyJobsState; job?: string }
  | { view: 'saved'; saved: SavedView; job?: string }
  | { view: 'searches' }
  | { view: 'hidden' }
  | { view: 'reports' }
  | { view: 'sources' }
  | { view: 'settings' };

/** `#/jobs?q=nurse&country=GB&job=<id>`, `#/companies?q=acme`, `#/company/<slug>?country=DE`. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const qi = raw.indexOf('?');
  const path = qi < 0 ? raw : raw.slice(0, qi);
  const params = new URLSearchParams(qi < 0 ? '' : raw.slice(qi + 1));
  const job = params.get('job') ?? undefined;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'saved') return { view: 'saved', saved: savedViewFromParams(params), ...(job ? { job } : {}) };
  if (
    parts[0] === 'searches' ||
    parts[0] === 'hidden' ||
    parts[0] === 'reports' ||
    parts[0] === 'sources' ||
    parts[0] === 'settings'
  ) {
    return { view: parts[0] };
  }
  if (parts[0] === 'companies') return { view: 'companies', q: params.get('q') ?? '' };
  if (parts[0] === 'company' && parts[1]) {
    return { view: 'company', id: parts[1], filters: companyJobsFromParams(params), ...(job ? { job } : {}) };
  }
  return { view: 'jobs', search: searchFromParams(params), ...(job ? { job } : {}) };
}

export function formatHash(r: Route): string {
  const qs = (p: URLSearchParams) => (p.size ? `?${p}` : '');
  switch (r.view) {
    case 'companies':
      return `#/companies${qs(toParams({ q: r.q }))}`;
    case 'company':
      return `#/company/${encodeURIComponent(r.id)}${qs(toParams({ ...r.filters, job: r.job }))}`;
    case 'saved': {
      const p = savedViewToParams(r.saved);
      if (r.job) p.set('job', r.job);
      return `#/saved${qs(p)}`;
    }
    case 'searches':
    case 'hidden':
    case 'reports':
    case 'sources':
    case 'settings':
      return `#/${r.view}`;
    case 'jobs':
      return `#/jobs${qs(toParams({ ...r.search, job: r.job }))}`;
  }
}
