import type { Route } from '../../state/route.js';
import { useSearchNews } from '../../state/search-news.js';

const TABS = [
  ['saved', 'Saved'],
  ['searches', 'Searches'],
  ['hidden', 'Hidden'],
  ['reports', 'Reports'],
  ['sources', 'Sources'],
] as const;

type UserView = (typeof TABS)[number][0];

function routeOf(view: UserView): Route {
  return view === 'saved' ? { view, saved: { mode: 'board' } } : { view };
}

/** The sections over the user's own data (and the boards they follow), beside Jobs and Companies. */
export function UserTabs({ current, go }: { current: Route['view']; go(r: Route): void }) {
  const news = useSearchNews();
  // The count on the Searches tab: new jobs of the searches with alerts on.
  const newText = news.count > 0 ? `${news.count}${news.capped ? '+' : ''} new` : undefined;
  return (
    <>
      {TABS.map(([view, text]) => (
        <a
          key={view}
          className={`tab${current === view ? ' is-current' : ''}`}
          href={`#/${view}`}
          aria-current={current === view ? 'page' : undefined}
          aria-label={view === 'searches' && newText ? `${text}, ${newText}` : undefined}
          onClick={(e) => {
            e.preventDefault();
            go(routeOf(view));
          }}
        >
          {text}
          {view === 'searches' && newText && (
            <span className="badge badge--new tab__count" aria-hidden="true">
              {newText}
            </span>
          )}
        </a>
      ))}
    </>
  );
}
