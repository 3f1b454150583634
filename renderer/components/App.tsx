import { useCallback, useEffect, useState } from 'react';
import { useScreenTitle } from '../hooks/use-document-title.js';
import { useFocusOnOpen } from '../hooks/use-focus-on-open.js';
import { useShortcuts } from '../hooks/use-shortcuts.js';
import { useConnection } from '../state/connection-store.js';
import { startReconnecting } from '../state/reconnect.js';
import { useMeta } from '../state/meta-store.js';
import { lastJobsRoute, useRoute } from '../state/route-store.js';
import { useTheme } from '../state/theme-store.js';
import { settingsClient } from '../api/clients.js';
import { CompaniesScreen } from './CompaniesScreen.js';
import { CompanyScreen } from './CompanyScreen.js';
import { ErrorState } from './feedback.js';
import { counted } from './plural.js';
import { JobsScreen } from './JobsScreen.js';
import { ShortcutsDialog } from './ShortcutsDialog.js';
import { SettingsScreen } from './settings/SettingsScreen.js';
import { SavedScreen } from './saved/SavedScreen.js';
import { useSaved } from '../state/saved-store.js';
import { alerts } from '#platform/alerts';
import { loadExchangeRates } from '../state/exchange-rates.js';
import { openSavedSearchById } from '../state/open-saved-search.js';
import { refreshSearchNews, SEARCH_NEWS_POLL_MS } from '../state/search-news.js';
import { HiddenScreen } from './user/HiddenScreen.js';
import { ReportsScreen } from './user/ReportsScreen.js';
import { SearchesScreen } from './user/SearchesScreen.js';
import { SampleDataBadge } from './sources/SampleDataBadge.js';
import { SourcesScreen } from './sources/SourcesScreen.js';
import { ToastBar } from './user/ToastBar.js';
import { UserTabs } from './user/UserTabs.js';

function OfflineIndicator() {
  const { online, reachable } = useConnection();
  if (online && reachable) return null;
  return (
    <span className="offline" role="status">
      {online ? 'Job index not answering' : 'Offline'}
    </span>
  );
}

const SCREEN_NAMES: Record<string, string> = {
  jobs: 'Jobs',
  companies: 'Companies',
  company: 'Company',
  saved: 'Saved jobs',
  searches: 'Saved searches',
  hidden: 'Hidden',
  reports: 'Reports',
  sources: 'Sources',
  settings: 'Settings',
};

function skipToContent(): void {
  const target = ['main [role=listbox]', 'main [role=table]', 'main']
    .map((q) => document.querySelector<HTMLElement>(q))
    .find(Boolean);
  target?.focus();
}

export function App() {
  const route = useRoute((s) => s.route);
  const go = useRoute((s) => s.go);
  const meta = useMeta();
  const [help, setHelp] = useState(false);
  const showHelp = useCallback(() => setHelp(true), []);
  useShortcuts(showHelp, help);
  useScreenTitle(SCREEN_NAMES[route.view] ?? '');
  useFocusOnOpen();

  useEffect(() => {
    void useMeta.getState().load();
    void useSaved.getState().load();
    // The theme kept in the user's file (absent where no user file is served: the system's).
    settingsClient.get({}).then(
      (r) => r.settings && useTheme.getState().show(r.settings.theme),
      () => undefined,
    );
    void loadExchangeRates();
    // Search alerts and the count on the Searches tab: a sync or crawl may bring jobs any time.
    alerts.start((id) => void openSavedSearchById(id));
    void refreshSearchNews();
    const news = setInterval(() => void refreshSearchNews(), SEARCH_NEWS_POLL_MS);
    const stopReconnecting = startReconnecting();
    return () => {
      clearInterval(news);
      stopReconnecting();
    };
  }, []);

  const tab = (view: 'jobs' | 'companies', text: string) => {
    const current = route.view === view || (view === 'companies' && route.view === 'company');
    return (
      <a
        className={`tab${current ? ' is-current' : ''}`}
        href={view === 'jobs' ? '#/jobs' : '#/companies'}
        aria-current={current ? 'page' : undefined}
        onClick={(e) => {
          e.preventDefault();
          if (view === 'jobs') {
            // Back to the search as it was left (already there: nothing to do).
            if (route.view !== 'jobs') go(lastJobsRoute());
          } else go({ view: 'companies', q: '' });
        }}
      >
        {text}
      </a>
    );
  };

  return (
    <div className="app">
      {/* The first stop of Tab: past the tabs and the filters to the results (or the screen). */}
      <button type="button" className="skip-link" onClick={skipToContent}>
        Skip to the results
      </button>
      <header className="appbar">
        <span className="brand">Job Index</span>
        <nav aria-label="Sections">
          {tab('jobs', 'Jobs')}
          {tab('companies', 'Companies')}
          <UserTabs current={route.view} go={go} />
        </nav>
        <SampleDataBadge go={go} />
        <span className="appbar__info muted">
          {meta.info &&
            `${counted(meta.info.jobCount, 'job', 'jobs')} · ${counted(meta.info.companyCount, 'company', 'companies')}`}
        </span>
        <OfflineIndicator />
        <a
          className={`icon-button appbar__settings${route.view === 'settings' ? ' is-current' : ''}`}
          href="#/settings"
          aria-label="Settings"
          title="Settings"
          aria-current={route.view === 'settings' ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            go({ view: 'settings' });
          }}
        >
          <span aria-hidden="true">⚙</span>
        </a>
        <button
          type="button"
          className="icon-button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={showHelp}
        >
          ?
        </button>
      </header>
      <main className="main" id="main" tabIndex={-1}>
        {/* The screens with no visible heading of their own. */}
        {(route.view === 'jobs' || route.view === 'companies') && (
          <h1 className="visually-hidden">{SCREEN_NAMES[route.view]}</h1>
        )}
        {meta.status === 'error' && meta.error && (
          <ErrorState error={meta.error} onRetry={() => void useMeta.getState().load()} />
        )}
        {route.view === 'jobs' && <JobsScreen search={route.search} job={route.job} />}
        {route.view === 'companies' && <CompaniesScreen q={route.q} />}
        {route.view === 'company' && (
          <CompanyScreen key={route.id} id={route.id} filters={route.filters} job={route.job} />
        )}
        {route.view === 'saved' && <SavedScreen view={route.saved} job={route.job} />}
        {route.view === 'searches' && <SearchesScreen />}
        {route.view === 'hidden' && <HiddenScreen />}
        {route.view === 'reports' && <ReportsScreen />}
        {route.view === 'sources' && <SourcesScreen />}
        {route.view === 'settings' && <SettingsScreen />}
      </main>
      <ToastBar />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
