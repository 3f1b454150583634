import { useEffect } from 'react';

/**
 * Where focus lands when a screen opens by URL (issue 31 item 9; docs/decisions/ui-focus-on-open.md):
 * an open job's title, else the screen's search box, else its heading. A heading gets
 * tabindex=-1 so it can hold focus; a screen reader reads it out as the focus arrives.
 */
const TARGETS = [
  'main #detail-title, main #saved-title',
  'main input[type=search]',
  'main h1:not(.visually-hidden)',
  'main h1',
];

/** How long a screen may take to show its target (a loaded machine, a slow first answer). */
const WAIT_MS = 20_000;

function target(): HTMLElement | undefined {
  for (const q of TARGETS) {
    const el = document.querySelector<HTMLElement>(q);
    if (el) return el;
  }
  return undefined;
}

/** Nobody has put focus anywhere yet: the page itself holds it. */
const unfocused = () => !document.activeElement || document.activeElement === document.body;

function focusWhenShown(): () => void {
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const attempt = () => {
    if (done) return;
    if (!unfocused()) return stop(); // the person (or the screen) already chose
    const el = target();
    if (!el) return;
    // The detail's title arrives after its answer: a job link waits for it, not for the search box.
    const wantsJob = /[?&]job=/.test(window.location.hash);
    if (wantsJob && !el.matches(TARGETS[0]!)) return;
    if (!el.matches('input, button, a[href], [tabindex]')) el.tabIndex = -1;
    el.focus();
    stop();
  };
  const observer = new MutationObserver(attempt);
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, WAIT_MS);
  attempt();
  return stop;
}

/** Moves focus into a screen opened by URL: at launch, and on Back, Forward or a typed link. */
export function useFocusOnOpen(): void {
  useEffect(() => {
    let stop = focusWhenShown();
    const opened = () => {
      stop();
      stop = focusWhenShown();
    };
    window.addEventListener('popstate', opened);
    window.addEventListener('hashchange', opened);
    return () => {
      stop();
      window.removeEventListener('popstate', opened);
      window.removeEventListener('hashchange', opened);
    };
  }, []);
}
