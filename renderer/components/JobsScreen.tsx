import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { SORTS, type Sort } from '../../shared/rules/vocabulary.js';
import { searchJobs } from '../api/job-requests.js';
import { markInput, usePaintMark } from '../hooks/use-paint-mark.js';
import { useKeyboardTargets } from '../state/keyboard-store.js';
import { jobResults } from '../state/lists.js';
import { useRoute } from '../state/route-store.js';
import { FILTER_KEYS, searchFromParams, toParams, withFilter, type SearchState } from '../state/search-state.js';
import { ActiveFilters, FilterPanel } from './FilterPanel.js';
import { JobList } from './JobList.js';
import { JobDetail } from './JobDetail.js';
import { label } from './labels.js';
import { QueryNote } from './QueryNote.js';
import { SearchBox } from './SearchBox.js';
import { SpellingHint } from './SpellingHint.js';
import { ExportSearchButton } from './user/ExportButtons.js';
import { SaveSearchButton } from './user/SaveSearchButton.js';
import type { VirtualListHandle } from './VirtualList.js';

/**
 * Runs the search whose URL parameters are `key` in the job list, unless that very search is
 * already shown or running. Typing calls it from the input event itself, before React renders the
 * key: no debounce, not even a timer task, which Chromium runs only after the frame that follows an
 * input (~20 ms a key, BENCHMARKS.md). A stale request is aborted by the next (`paged-list`).
 */
function startJobSearch(key: string): void {
  jobResults.getState().run(key, searchJobs(searchFromParams(new URLSearchParams(key))));
}

export function JobsScreen({ search, job }: { search: SearchState; job: string | undefined }) {
  const go = useRoute((s) => s.go);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<VirtualListHandle>(null);
  const results = useStore(jobResults);
  const [active, setActive] = useState(0);

  const key = toParams(search).toString();
  // A search that changed some other way (Back, a link, the first render) starts here; typing,
  // filters and sort have already started theirs in the handler (`set`), so this finds it running.
  useEffect(() => {
    startJobSearch(key);
    setActive(0);
  }, [key]);
  const shownQuery = results.key === undefined ? undefined : (new URLSearchParams(results.key).get('q') ?? '');
  usePaintMark(shownQuery, results.status === 'ready', results.items);

  const set = (next: SearchState) => {
    startJobSearch(toParams(next).toString());
    go({ view: 'jobs', search: next, ...(job ? { job } : {}) }, { replace: true });
  };
  // Callbacks read the latest state through a ref, so they stay the same function from render to
  // render and the filter panel (hundreds of options) and the detail re-render only when their
  // own input changes, not on every keystroke.
  const latest = useRef({ search, set });
  latest.current = { search, set };
  const filtersKey = toParams({ ...search, q: '' }).toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => search, [filtersKey]);
  const setFilter = useCallback(
    (k: keyof SearchState, v: SearchState[keyof SearchState] | undefined) => latest.current.set(withFilter<SearchState>(latest.current.search, k, v)),
    [],
  );
  const open = useCallback(
    (id: string | undefined) => go({ view: 'jobs', search: latest.current.search, ...(id ? { job: id } : {}) }, { replace: true }),
    [go],
  );
  const close = useCallback(() => open(undefined), [open]);
  const openCompany = useCallback((slug: string) => go({ view: 'company', id: slug, filters: { q: '' } }), [go]);

  useEffect(() => {
    useKeyboardTargets.setState({
      list: { move: (d) => list.current?.move(d), open: () => list.current?.open() },
      back: () => {
        if (!job) return false;
        open(undefined);
        list.current?.focus();
        return true;
      },
      search: () => input.current?.focus(),
    });
  });

  const filtersOn = FILTER_KEYS.some((k) => search[k] !== undefined);
  const clearFilters = () => set({ q: search.q, ...(search.sort ? { sort: search.sort } : {}) });

  return (
    <div className="screen screen--jobs">
      <div className="toolbar">
        <SearchBox
          ref={input}
          label="Search jobs"
          placeholder="Search jobs: title, company, skills…"
          value={search.q}
          onChange={(q) => {
            markInput(q);
            set({ ...search, q });
          }}
          onSubmit={() => list.current?.focus()}
        />
        <label className="sort">
          <span>Sort by</span>
          <select
            aria-label="Sort by"
            value={search.sort ?? 'relevance'}
            onChange={(e) => set(withFilter(search, 'sort', e.target.value === 'relevance' ? undefined : (e.target.value as Sort)))}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <SaveSearchButton search={search} />
        <ExportSearchButton search={search} />
      </div>
      <div className="columns">
        <aside className="sidebar" aria-label="Search filters">
          <FilterPanel value={filters} fields={FILTER_KEYS} onChange={setFilter} />
        </aside>
        <section className="results" aria-label="Results">
          <ActiveFilters value={search} fields={FILTER_KEYS} onChange={setFilter} onClear={clearFilters} />
          <QueryNote text={search.q} />
          <SpellingHint
            query={search.q}
            found={results.status === 'ready' && results.key === key && !results.hasMore ? results.items.length : undefined}
            onSearch={(q) => set({ ...search, q })}
          />
          <JobList
            label="Jobs"
            state={results}
            store={jobResults}
            active={active}
            onActive={setActive}
            selected={job}
            onOpen={open}
            handle={list}
            pending={key !== results.key}
            empty={{
              title: search.q || filtersOn ? 'No jobs match' : 'The index is empty',
              hint: filtersOn ? 'Fewer filters or other words may find more.' : 'Try other words.',
              ...(filtersOn ? { action: { label: 'Clear filters', run: clearFilters } } : {}),
            }}
          />
        </section>
        <section className="detail-pane" aria-label="Job detail">
          {job ? (
            <JobDetail key={job} id={job} onOpenJob={open} onOpenCompany={openCompany} onClose={close} />
          ) : (
            <p className="muted placeholder">Select a job to read it here. Press ? for keyboard shortcuts.</p>
          )}
        </section>
      </div>
    </div>
  );
}
