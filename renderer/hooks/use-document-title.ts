import { useEffect } from 'react';

// The window title names the screen and the open job ("Clinical Nurse – Jobs – Job Index"), so a
// screen reader, the task switcher and the history say where the person is.
const parts: { screen?: string | undefined; job?: string | undefined } = {};

function apply(): void {
  document.title = [parts.job, parts.screen, 'Job Index'].filter(Boolean).join(' – ');
}

export function useScreenTitle(screen: string): void {
  useEffect(() => {
    parts.screen = screen;
    apply();
  }, [screen]);
}

/** The open job's title, while its detail is shown. */
export function useJobTitle(title: string | undefined): void {
  useEffect(() => {
    parts.job = title;
    apply();
    return () => {
      if (parts.job === title) parts.job = undefined;
      apply();
    };
  }, [title]);
}
