import { useRef, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/export/export-format.js';
import { JOB_CARD_EXPORT } from '../../../shared/export/job-card-shape.js';
import { SAVED_JOB_EXPORT } from '../../../shared/export/saved-job-shape.js';
import { allJobCards } from '../../../shared/export/search-pages.js';
import { jobsClient, savedClient } from '../../api/clients.js';
import { jobQuery } from '../../api/job-requests.js';
import { userErrorText } from '../../api/user-error.js';
import type { SearchState } from '../../state/search-state.js';
import { useToast } from '../../state/toast-store.js';
import { downloadRows } from './download.js';

/** A menu of the export formats; `run` writes the file. */
function ExportMenu({ what, run }: { what: string; run(format: ExportFormat, progress: (n: number) => void): Promise<void> }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState<string | undefined>();
  const start = async (format: ExportFormat) => {
    menu.current?.removeAttribute('open');
    setBusy('Exporting…');
    try {
      await run(format, (n) => setBusy(`Exporting ${n.toLocaleString('en')}…`));
    } catch (e) {
      useToast.getState().show({ text: `Export failed: ${userErrorText(e)}`, error: true });
    } finally {
      setBusy(undefined);
    }
  };
  return (
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
  );
}

/** Every job of the current search (all pages), as it is sorted and filtered. */
export function ExportSearchButton({ search }: { search: SearchState }) {
  return (
    <ExportMenu
      what="these results"
      run={(format, progress) => downloadSearch(search, format, progress)}
    />
  );
}

async function downloadSearch(search: SearchState, format: ExportFormat, progress: (n: number) => void): Promise<void> {
  await downloadRows('jobs', format, allJobCards((r) => jobsClient.list(r), jobQuery(search), progress), JOB_CARD_EXPORT);
}

/** Every saved job with its tracking. */
export function ExportSavedButton() {
  return (
    <ExportMenu
      what="saved jobs"
      run={async (format) => {
              await downloadRows('saved-jobs', format, (await savedClient.list({})).data, SAVED_JOB_EXPORT);
      }}
    />
  );
}
