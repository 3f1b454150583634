import type { Ref } from 'react';
import type { StoreApi } from 'zustand';
import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { countText, type MatchCount } from '../state/facets-store.js';
import type { PagedListState } from '../state/paged-list.js';
import { EmptyState, ErrorState, ListSkeleton } from './feedback.js';
import { JOB_ROW_HEIGHT, JobCardRow } from './JobCardRow.js';
import { VirtualList, type VirtualListHandle } from './VirtualList.js';

interface Props {
  label: string;
  state: PagedListState<JobCard>;
  store: StoreApi<PagedListState<JobCard>>;
  active: number;
  onActive(i: number): void;
  selected: string | undefined;
  onOpen(id: string): void;
  handle: Ref<VirtualListHandle>;
  /** A newer query than the one shown is on its way. */
  pending: boolean;
  empty: { title: string; hint: string; action?: { label: string; run(): void } };
  /** How many jobs the shown search matches, once counted (facets-store.ts). */
  total?: MatchCount | undefined;
}

/** Job cards paged by cursor into one virtual list, with its loading, empty and error states. */
export function JobList(p: Props) {
  const s = p.state;
  const count =
    s.status !== 'ready'
      ? ''
      : !s.hasMore
        ? countText({ n: s.items.length, exact: true })
        : p.total
          ? countText(p.total)
          : `${s.items.length.toLocaleString('en')}+ jobs`;
  return (
    <>
      <p className="count muted" role="status" aria-live="polite">
        {count}
      </p>
      {s.status === 'error' && s.error ? (
        <ErrorState error={s.error} onRetry={() => p.store.getState().retry()} />
      ) : (s.status === 'loading' || s.status === 'idle') && s.items.length === 0 ? (
        <ListSkeleton label="Loading jobs" />
      ) : s.status === 'ready' && s.items.length === 0 ? (
        <EmptyState {...p.empty} />
      ) : (
        <VirtualList
          label={p.label}
          idPrefix={`${p.label.toLowerCase().replace(/\W+/g, '-')}-row`}
          items={s.items}
          rowHeight={JOB_ROW_HEIGHT}
          hasMore={s.hasMore}
          loadingMore={s.loadingMore}
          moreError={s.moreError}
          onLoadMore={p.store.getState().loadMore}
          onRetryMore={p.store.getState().retry}
          itemKey={(j) => j.id}
          renderRow={(j) => <JobCardRow job={j} />}
          activeIndex={p.active}
          onActiveChange={p.onActive}
          selectedKey={p.selected}
          onOpen={(j) => p.onOpen(j.id)}
          resetKey={s.key}
          stale={p.pending || s.status === 'loading'}
          handle={p.handle}
        />
      )}
    </>
  );
}
