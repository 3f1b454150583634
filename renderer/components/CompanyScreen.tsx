import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { companiesClient } from '../api/clients.js';
import { companyJobs } from '../api/job-requests.js';
import { useKeyedState } from '../hooks/use-keyed-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { useRpc } from '../hooks/use-rpc.js';
import { useSearchFacets } from '../state/facets-store.js';
import { useKeyboardTargets } from '../state/keyboard-store.js';
import { companyJobResults } from '../state/lists.js';
import { useRoute } from '../state/route-store.js';
import {
  COMPANY_FILTER_KEYS,
  companyJobsFromParams,
  toParams,
  withFilter,
  type CompanyJobsState,
} from '../state/search-state.js';
import { CompanyLogo } from './CompanyLogo.js';
import { ErrorState } from './feedback.js';
import { ActiveFilters, FilterPanel } from './FilterPanel.js';
import { JobDetail } from './JobDetail.js';
import { JobList } from './JobList.js';
import { SearchBox } from './SearchBox.js';
import type { VirtualListHandle } from './VirtualList.js';

/** Runs the job list for one company's filters (`params`: their URL form), unless that very list is already shown or running. */
function startCompanyJobs(id: string, params: string): void {
  companyJobResults
    .getState()
    .run(`${id}?${params}`, companyJobs(id, companyJobsFromParams(new URLSearchParams(params))));
}

/** One company: who they are, and their open jobs with the filters ListJobs accepts. */
export function CompanyScreen({
  id,
  filters,
  job,
}: {
  id: string;
  filters: CompanyJobsState;
  job: string | undefined;
}) {
  const go = useRoute((s) => s.go);
  const company = useRpc(id, (signal) => companiesClient.get({ id }, { signal }));
  const results = useStore(companyJobResults);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<VirtualListHandle>(null);

  const params = toParams(filters).toString();
  const key = `${id}?${params}`;
  const [active, setActive] = useKeyedState(key, 0);
  // As on the jobs screen: typing and filters start their request in the handler (`set`); this
  // starts one for any other change of the company or its filters.
  useEffect(() => startCompanyJobs(id, params), [id, params]);

  const set = (next: CompanyJobsState) => {
    startCompanyJobs(id, toParams(next).toString());
    go({ view: 'company', id, filters: next, ...(job ? { job } : {}) }, { replace: true });
  };
  // Stable callbacks (the latest filters through a ref) keep the memoized detail from re-rendering per keystroke.
  const filtersRef = useLatest(filters);
  const open = useCallback(
    (jobId: string | undefined) =>
      go({ view: 'company', id, filters: filtersRef.current, ...(jobId ? { job: jobId } : {}) }, { replace: !jobId }),
    [go, id, filtersRef],
  );
  // Close (×) hands the focus back to the list instead of dropping it on <body>.
  const close = useCallback(() => {
    open(undefined);
    // After the frame: in a narrow window the list is shown again only once the job is closed.
    requestAnimationFrame(() => list.current?.focus());
  }, [open]);
  const openCompany = useCallback((slug: string) => go({ view: 'company', id: slug, filters: { q: '' } }), [go]);

  useEffect(() => {
    useKeyboardTargets.setState({
      list: {
        // With a job open, j/k move the open job too (its detail follows; one history entry).
        move: (d) => {
          const i = list.current?.move(d);
          const next = i === undefined ? undefined : companyJobResults.getState().items[i];
          if (job && next && next.id !== job) go({ view: 'company', id, filters, job: next.id }, { replace: true });
        },
        open: () => list.current?.open(),
      },
      back: () => {
        if (job) open(undefined);
        else if (history.length > 1) useRoute.getState().back();
        else go({ view: 'companies', q: '' });
        return true;
      },
      search: () => input.current?.select(),
    });
  });

  // The panel's counts: this company's jobs under the query and the other filters.
  // The search's company filter is the slug, which the company's own job cards carry.
  // Kept once known: a filter that matches nothing still counts this company's jobs.
  const [slug, setSlug] = useState<string>();
  const seenSlug = results.key?.startsWith(`${id}?`) ? results.items[0]?.companySlug : undefined;
  if (!slug && seenSlug) setSlug(seenSlug);
  const query = useMemo(() => {
    if (!slug) return undefined;
    const { q, ...f } = companyJobsFromParams(new URLSearchParams(params));
    return { query: q.trim() || undefined, filters: { ...f, companyId: slug } };
  }, [params, slug]);
  const counted = useSearchFacets(`company:${key}`, results.status === 'error' ? undefined : query);

  if (company.status === 'error') return <ErrorState error={company.error} onRetry={company.retry} />;
  const c = company.data;
  const filtersOn = COMPANY_FILTER_KEYS.some((k) => filters[k] !== undefined);
  const clear = () => set({ q: filters.q });

  return (
    <div className="screen screen--company">
      <header className="company-head">
        {c ? (
          <>
            <CompanyLogo name={c.name} url={c.logoUrl} size="lg" />
            <div>
              <h1>{c.name}</h1>
              <p className="muted">
                {[
                  c.industry,
                  c.employeeCountRange && `${c.employeeCountRange} employees`,
                  c.foundedYear && `founded ${c.foundedYear}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p>
                {c.activeJobCount.toLocaleString('en')} open {c.activeJobCount === 1 ? 'job' : 'jobs'}
                {c.website && (
                  <>
                    {' · '}
                    <a href={c.website} target="_blank" rel="noopener noreferrer">
                      Website
                    </a>
                  </>
                )}
              </p>
            </div>
          </>
        ) : (
          <div className="skeleton skeleton--heading" role="status" aria-label="Loading company" />
        )}
      </header>
      <div className="toolbar">
        <SearchBox
          ref={input}
          label={`Search jobs at ${c?.name ?? 'this company'}`}
          placeholder="Search this company's jobs…"
          value={filters.q}
          onChange={(q) => set({ ...filters, q })}
          onSubmit={() => list.current?.focus()}
        />
      </div>
      <div className={`columns${job ? ' has-job' : ''}`}>
        <aside className="sidebar" aria-label="Company job filters">
          <FilterPanel
            value={filters}
            fields={COMPANY_FILTER_KEYS}
            facets={counted.facets}
            onChange={(k, v) =>
              set(
                withFilter<CompanyJobsState>(
                  filters,
                  k as keyof CompanyJobsState,
                  v as CompanyJobsState[keyof CompanyJobsState],
                ),
              )
            }
          />
        </aside>
        <section className="results" aria-label="Open jobs">
          <ActiveFilters
            value={filters}
            fields={COMPANY_FILTER_KEYS}
            onChange={(k, v) =>
              set(
                withFilter<CompanyJobsState>(
                  filters,
                  k as keyof CompanyJobsState,
                  v as CompanyJobsState[keyof CompanyJobsState],
                ),
              )
            }
            onClear={clear}
          />
          <JobList
            label="Company jobs"
            state={results}
            store={companyJobResults}
            active={active}
            onActive={setActive}
            selected={job}
            onOpen={open}
            handle={list}
            pending={key !== results.key}
            total={results.key === key ? counted.count : undefined}
            empty={{
              title: filtersOn || filters.q ? 'No open jobs match' : 'No open jobs right now',
              hint: filtersOn ? 'Fewer filters may find more.' : 'Check back after the next sync.',
              ...(filtersOn ? { action: { label: 'Clear filters', run: clear } } : {}),
            }}
          />
        </section>
        <section className="detail-pane" aria-label="Job detail">
          {job ? (
            <JobDetail key={job} id={job} onOpenJob={open} onOpenCompany={openCompany} onClose={close} />
          ) : (
            <p className="muted placeholder">Select a job to read it here.</p>
          )}
        </section>
      </div>
    </div>
  );
}
