import { ConnectError } from '@connectrpc/connect';
import { useEffect, useRef, useState } from 'react';
import { exportSaved, exportSearch } from '#platform/export';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/export/export-format';
import { jobQuery } from '../../api/job-requests.js';
import { userErrorText } from '../../api/user-error.js';
import type { ExportOptions, ExportOutcome, ExportProgress, SavedFilter } from '../../platform/export-port.js';
import type { SearchState } from '../../state/search-state.js';
import { useToast } from '../../state/toast-store.js';

const count = (n: number) => n.toLocaleString('en');

function progressText(p: ExportProgress): string {
  return p.total !== undefined ? `Exporting ${count(p.rows)} of ${count(p.total)}…` : `Exporting ${count(p.rows)}…`;
}

/** A service refusal in the service's words; a failed write (disk full, no permission) as main put it. */
function failureText(e: unknown): string {
  return e instanceof ConnectError || !(e instanceof Error) ? userErrorText(e) : e.message;
}

/**
 * A menu of the export formats; `run` writes the file (a download, or the save dialog in the
 * desktop app) while the button shows progress and a Cancel button stops it.
 */
function ExportMenu({
  what,
  noun,
  run,
}: {
  what: string;
  noun: string;
  run(o: ExportOptions): Promise<ExportOutcome>;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState<string | undefined>();
  const [cancel, setCancel] = useState<AbortController | undefined>();
  // A <details> menu closes only on its own summary: Esc and a click elsewhere close it too, as
  // any menu does (it stayed open over the dialogs and screens that followed).
  useEffect(() => {
    const dismiss = (e: Event) => {
      const d = menu.current;
      if (!d?.open) return;
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        // Esc closes the menu only, not the open job behind it.
        e.stopPropagation();
        d.open = false;
        d.querySelector('summary')?.focus();
      } else if (!d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('pointerdown', dismiss);
    document.addEventListener('keydown', dismiss, true);
    return () => {
      document.removeEventListener('pointerdown', dismiss);
      document.removeEventListener('keydown', dismiss, true);
    };
  }, []);
  const start = async (format: ExportFormat) => {
    menu.current?.removeAttribute('open');
    const controller = new AbortController();
    setCancel(controller);
    setBusy('Exporting…');
    try {
      const outcome = await run({ format, signal: controller.signal, onProgress: (p) => setBusy(progressText(p)) });
      if (outcome.kind === 'done')
        useToast.getState().show({ text: `Exported ${count(outcome.rows)} ${noun} to ${outcome.where}` });
      else if (controller.signal.aborted) useToast.getState().show({ text: 'Export cancelled; no file was written' });
    } catch (e) {
      useToast.getState().show({ text: `Export failed: ${failureText(e)}`, error: true });
    } finally {
      setBusy(undefined);
      setCancel(undefined);
    }
  };
  return (
    <>
      <details className="menu" ref={menu}>
        <summary className="button" aria-label={`Export ${what}`}>
          {busy ?? 'Export'}
        </summary>
        <ul className="plain menu__items" role="menu" aria-label={`Export ${what} as`}>
          {EXPORT_FORMATS.map((f) => (
            <li key={f} role="none">
              <button type="button" role="menuitem" disabled={busy !== undefined} onClick={() => void start(f)}>
                {f.toUpperCase()}
              </button>
            </li>
          ))}
        </ul>
      </details>
      {busy !== undefined && cancel && (
        <button
          type="button"
          className="button"
          disabled={cancel.signal.aborted}
          onClick={() => (cancel.abort(), setBusy('Cancelling…'))}
        >
          Cancel export
        </button>
      )}
    </>
  );
}

/** Every job of the current search (all pages), as it is sorted and filtered. */
export function ExportSearchButton({ search }: { search: SearchState }) {
  return <ExportMenu what="these results" noun="jobs" run={(o) => exportSearch(jobQuery(search), o)} />;
}

/** The saved jobs the screen shows (its stage filter and sort), with their tracking. */
export function ExportSavedButton({ filter }: { filter: SavedFilter }) {
  return <ExportMenu what="saved jobs" noun="saved jobs" run={(o) => exportSaved(filter, o)} />;
}
