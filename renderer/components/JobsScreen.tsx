import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import type { Sort } from '#shared/rules/vocabulary';
import { jobQuery, searchJobs } from '../api/job-requests.js';
import { useKeyedState } from '../hooks/use-keyed-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { markInput, usePaintMark } from '../hooks/use-paint-mark.js';
import { useSearchFacets } from '../state/facets-store.js';
import { useKeyboardTargets } from '../state/keyboard-store.js';
import { jobResults } from '../state/lists.js';
import { clearNewMarks, marksKey, useNewMarks } from '../state/new-marks.js';
import { useRoute } from '../state/route-store.js';
import { useSaved } from '../state/saved-store.js';
import { FILTER_KEYS, searchFromParams, toParams, withFilter, type SearchState } from '../state/search-state.js';
import { UI_SORTS } from '../state/ui-sorts.js';
import { WordDrops, queryWords } from './WordDrops.js';
import { ActiveFilters, FilterPanel } from './FilterPanel.js';
import { JobList } from './JobList.js';
import { JobDetail } from './JobDetail.js';
import { label } from './labels.js';
import { QueryNote } from './QueryNote.js';
import { SearchBox } from './SearchBox.js';
import { queryCharsOver } from '#shared/rules/limits';
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
  const search = searchFromParams(new URLSearchParams(key));
  // Too long to search: the box says so and keeps the text; the list keeps its last answer.
  if (queryCharsOver(search.q) > 0) return;
  jobResults.getState().run(key, searchJobs(search));
}

export function JobsScreen({ search, job }: { search: SearchState; job: string | undefined }) {
  const go = useRoute((s) => s.go);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<VirtualListHandle>(null);
  const results = useStore(jobResults);
  const key = toParams(search).toString();
  const [active, setActive] = useKeyedState(key, 0);
  // A search that changed some other way (Back, a link, the first render) starts here; typing,
  // filters and sort have already started theirs in the handler (`set`), so this finds it running.
  useEffect(() => {
    startJobSearch(key);
    // "New" marks belong to the saved search just opened (in any order), not to one refined from it.
    if (useNewMarks.getState().key !== marksKey(new URLSearchParams(key))) clearNewMarks();
  }, [key]);
  useEffect(() => clearNewMarks, []);
  const query = useMemo(() => jobQuery(searchFromParams(new URLSearchParams(key))), [key]);
  // No counts for a search that failed: they would say the service answers when it does not.
  const counted = useSearchFacets(`jobs?${key}`, results.status === 'error' ? undefined : query);
  const shownQuery = results.key === undefined ? undefined : (new URLSearchParams(results.key).get('q') ?? '');
  usePaintMark(shownQuery, results.status === 'ready', results.items);

  // Typing refines the entry it is in; a filter, a sort or a cleared set is a search of its own
  // that Back returns from (docs/decisions/ui-url-state.md).
  const set = (next: SearchState, opts = { replace: true }) => {
    startJobSearch(toParams(next).toString());
    go({ view: 'jobs', search: next, ...(job ? { job } : {}) }, opts);
  };
  // Callbacks read the latest state through a ref, so they stay the same function from render to
  // render and the filter panel (hundreds of options) and the detail re-render only when their
  // own input changes, not on every keystroke.
  const latestRef = useLatest({ search, set, job });
  const filtersKey = toParams({ ...search, q: '' }).toString();
  const filters = useMemo(() => searchFromParams(new URLSearchParams(filtersKey)), [filtersKey]);
  const setFilter = useCallback(
    (k: keyof SearchState, v: SearchState[keyof SearchState] | undefined) =>
      latestRef.current.set(withFilter<SearchState>(latestRef.current.search, k, v), { replace: false }),
    [latestRef],
  );
  const open = useCallback(
    // A job opened is a view Back returns from; closing it refines the entry.
    (id: string | undefined) =>
      go({ view: 'jobs', search: latestRef.current.search, ...(id ? { job: id } : {}) }, { replace: !id }),
    [go, latestRef],
  );
  const close = useCallback(() => open(undefined), [open]);
  // Close (×) hands the focus back to the list, as Esc does, instead of dropping it on <body>.
  // After the frame: in a narrow window the list is shown again only once the job is closed.
  const closeToList = useCallback(() => {
    close();
    requestAnimationFrame(() => list.current?.focus());
  }, [close]);
  // After Hide job or Block company the focus goes to the row that followed, not to <body>.
  const focusNext = useRef<string | undefined>(undefined);
  const gone = useCallback(
    (what: 'job' | 'company') => {
      const items = jobResults.getState().items;
      const at = items.findIndex((j) => j.id === latestRef.current.job);
      const slug = items[at]?.companySlug;
      const next = items.slice(at + 1).find((j) => what === 'job' || j.companySlug !== slug);
      focusNext.current = next?.id;
      close();
      list.current?.focus();
    },
    [close, latestRef],
  );
  useEffect(() => {
    if (!focusNext.current || results.status !== 'ready') return;
    const i = results.items.findIndex((j) => j.id === focusNext.current);
    if (i < 0) return;
    focusNext.current = undefined;
    setActive(i);
    list.current?.focus();
  }, [results, setActive]);
  const openCompany = useCallback((slug: string) => go({ view: 'company', id: slug, filters: { q: '' } }), [go]);

  useEffect(() => {
    useKeyboardTargets.setState({
      list: {
        // With a job open, j/k move the open job too (its detail follows; one history entry).
        move: (d) => {
          const i = list.current?.move(d);
          const next = i === undefined ? undefined : jobResults.getState().items[i];
          if (job && next && next.id !== job) go({ view: 'jobs', search, job: next.id }, { replace: true });
        },
        open: () => list.current?.open(),
        toggleSave: () => {
          const row = jobResults.getState().items[active];
          if (!row) return;
          const saved = useSaved.getState();
          void (saved.stages.has(row.id) ? saved.unsave(row.id, row.title) : saved.save(row.id));
        },
      },
      back: () => {
        if (!job) return false;
        open(undefined);
        list.current?.focus();
        return true;
      },
      // The query selected, so what is typed replaces it.
      search: () => input.current?.select(),
    });
  });

  const filtersOn = FILTER_KEYS.some((k) => search[k] !== undefined);
  const clearFilters = () => set({ q: search.q, ...(search.sort ? { sort: search.sort } : {}) }, { replace: false });

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
            onChange={(e) =>
              set(withFilter(search, 'sort', e.target.value === 'relevance' ? undefined : (e.target.value as Sort)), {
                replace: false,
              })
            }
          >
            {UI_SORTS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
        <SaveSearchButton search={search} />
        <ExportSearchButton search={search} />
      </div>
      <div className={`columns${job ? ' has-job' : ''}`}>
        <aside className="sidebar" aria-label="Search filters">
          <FilterPanel value={filters} fields={FILTER_KEYS} onChange={setFilter} facets={counted.facets} />
        </aside>
        <section className="results" aria-label="Results">
          <ActiveFilters value={search} fields={FILTER_KEYS} onChange={setFilter} onClear={clearFilters} />
          <QueryNote text={search.q} />
          <SpellingHint
            query={search.q}
            found={
              results.status === 'ready' && results.key === key && !results.hasMore ? results.items.length : undefined
            }
            onSearch={(q) => set({ ...search, q })}
          />
          <WordDrops
            search={search}
            found={results.status === 'ready' && results.key === key ? results.items.length : undefined}
            onSearch={(q) => set({ ...search, q }, { replace: false })}
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
            total={results.key === key ? counted.count : undefined}
            empty={{
              title: search.q || filtersOn ? 'No jobs match' : 'The index is empty',
              hint: filtersOn
                ? 'Fewer filters or other words may find more.'
                : queryWords(search.q.trim()).length > 1
                  ? 'Every word must match: drop one to find more.'
                  : 'Try other words.',
              ...(filtersOn ? { action: { label: 'Clear filters', run: clearFilters } } : {}),
            }}
          />
        </section>
        <section className="detail-pane" aria-label="Job detail">
          {job ? (
            <JobDetail
              key={job}
              id={job}
              onOpenJob={open}
              onOpenCompany={openCompany}
              onClose={closeToList}
              onGone={gone}
            />
          ) : (
            <p className="muted placeholder">Select a job to read it here. Press ? for keyboard shortcuts.</p>
          )}
        </section>
      </div>
    </div>
  );
}
