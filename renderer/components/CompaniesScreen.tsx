import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { Company } from '#shared/gen/svc/companies/v1/companies_pb';
import { companiesClient } from '../api/clients.js';
import { PAGE_SIZE } from '../api/job-requests.js';
import { useKeyedState } from '../hooks/use-keyed-state.js';
import { useKeyboardTargets } from '../state/keyboard-store.js';
import { companyResults } from '../state/lists.js';
import { useRoute } from '../state/route-store.js';
import { CompanyLogo } from './CompanyLogo.js';
import { EmptyState, ErrorState, ListSkeleton } from './feedback.js';
import { SearchBox } from './SearchBox.js';
import { VirtualList, type VirtualListHandle } from './VirtualList.js';

const COMPANY_ROW_HEIGHT = 72;

function CompanyRow({ c }: { c: Company }) {
  return (
    <article className="companyrow" aria-label={c.name}>
      <CompanyLogo name={c.name} url={c.logoUrl} />
      <div>
        <div className="companyrow__name">{c.name}</div>
        <div className="muted">
          {[c.industry, c.employeeCountRange && `${c.employeeCountRange} employees`].filter(Boolean).join(' · ')}
        </div>
      </div>
      <div className="companyrow__jobs">
        {c.activeJobCount.toLocaleString('en')} {c.activeJobCount === 1 ? 'job' : 'jobs'}
      </div>
    </article>
  );
}

/** Runs the companies list for `q`, unless that very list is already shown or running. */
function startCompanySearch(q: string): void {
  companyResults.getState().run(`q=${q}`, async (cursor, signal) => {
    const r = await companiesClient.list({ query: q.trim() || undefined, limit: PAGE_SIZE, cursor }, { signal });
    return { items: r.data, nextCursor: r.pagination?.nextCursor, hasMore: r.pagination?.hasMore ?? false };
  });
}

/** Companies by name, with logo, industry, size and open jobs. */
export function CompaniesScreen({ q }: { q: string }) {
  const go = useRoute((s) => s.go);
  const s = useStore(companyResults);
  const [active, setActive] = useKeyedState(q, 0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<VirtualListHandle>(null);
  // Typing starts its request in the handler; this covers Back, links and the first render.
  useEffect(() => startCompanySearch(q), [q]);

  const open = (c: Company) => go({ view: 'company', id: c.id, filters: { q: '' } });
  useEffect(() => {
    useKeyboardTargets.setState({
      list: { move: (d) => list.current?.move(d), open: () => list.current?.open() },
      back: () => false,
      search: () => input.current?.focus(),
    });
  });

  return (
    <div className="screen screen--companies">
      <div className="toolbar">
        <SearchBox
          ref={input}
          label="Search companies"
          placeholder="Search companies by name…"
          value={q}
          onChange={(next) => {
            startCompanySearch(next);
            go({ view: 'companies', q: next }, { replace: true });
          }}
          onSubmit={() => list.current?.focus()}
        />
      </div>
      <section className="companies" aria-label="Companies">
        {s.status === 'error' && s.error ? (
          <ErrorState error={s.error} onRetry={() => companyResults.getState().retry()} />
        ) : s.items.length === 0 && s.status !== 'ready' ? (
          <ListSkeleton label="Loading companies" />
        ) : s.items.length === 0 ? (
          <EmptyState title="No companies match" hint="Company names are matched word by word; try fewer words." />
        ) : (
          <VirtualList
            label="Companies"
            idPrefix="company-row"
            items={s.items}
            rowHeight={COMPANY_ROW_HEIGHT}
            hasMore={s.hasMore}
            loadingMore={s.loadingMore}
            moreError={s.moreError}
            onLoadMore={companyResults.getState().loadMore}
            onRetryMore={companyResults.getState().retry}
            itemKey={(c) => c.id}
            renderRow={(c) => <CompanyRow c={c} />}
            activeIndex={active}
            onActiveChange={setActive}
            selectedKey={undefined}
            onOpen={open}
            resetKey={s.key}
            stale={s.status === 'loading'}
            handle={list}
          />
        )}
      </section>
    </div>
  );
}
