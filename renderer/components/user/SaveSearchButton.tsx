import { Code, ConnectError } from '@connectrpc/connect';
import { useEffect, useRef, useState } from 'react';
import { searchesClient } from '../../api/clients.js';
import { jobQuery } from '../../api/job-requests.js';
import { userErrorText } from '../../api/user-error.js';
import { useMeta } from '../../state/meta-store.js';
import { FILTER_KEYS, type SearchState } from '../../state/search-state.js';
import { filterValueLabel } from '../FilterPanel.js';
import { useToast } from '../../state/toast-store.js';
import { useDialogButton } from '../../hooks/use-dialog-button.js';

/** "Save search": the current words and filters under a name (Searches lists them with "N new"). */
export function SaveSearchButton({ search }: { search: SearchState }) {
  const { open, button, show, close } = useDialogButton();
  return (
    <>
      <button ref={button} type="button" className="button" onClick={show}>
        Save search
      </button>
      {open && <SaveSearchDialog search={search} onClose={close} />}
    </>
  );
}

/** A name from the words and filters ("nurse · United Kingdom · Remote only"), for a search with no words. */
export function suggestedName(search: SearchState, facets: Parameters<typeof filterValueLabel>[2]): string {
  const parts = [
    search.q.trim(),
    ...FILTER_KEYS.filter((k) => search[k] !== undefined).map((k) => filterValueLabel(k, search[k], facets)),
  ];
  return parts.filter(Boolean).join(' · ').slice(0, 80) || 'All jobs';
}

function SaveSearchDialog({ search, onClose }: { search: SearchState; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const facets = useMeta((s) => s.facets);
  const [name, setName] = useState(() => suggestedName(search, facets));
  const [error, setError] = useState('');
  // The name already taken, when the person may replace that search.
  const [taken, setTaken] = useState<string | undefined>();
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const save = async (replace = false) => {
    const wanted = name.trim();
    if (!wanted) {
      const suggestion = suggestedName(search, facets);
      setName(suggestion);
      setError(`Give the search a name; “${suggestion}” is suggested from its filters.`);
      return;
    }
    try {
      if (replace) {
        const old = (await searchesClient.list({})).data.find((x) => x.name.toLowerCase() === wanted.toLowerCase());
        if (old) await searchesClient.delete({ id: old.id });
      }
      const r = await searchesClient.create({ name: wanted, query: jobQuery(search) });
      // Closed first, so the toast's buttons hand focus back to "Save search".
      onClose();
      useToast.getState().show({ text: `Saved search “${r.search?.name ?? wanted}”` });
    } catch (e) {
      if (ConnectError.from(e).code === Code.AlreadyExists) {
        setTaken(wanted);
        setError(
          `You already have a saved search called “${wanted}”. Choose another name, or replace that search with this one.`,
        );
      } else setError(userErrorText(e));
    }
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="save-search-title" onClose={onClose}>
      <h2 id="save-search-title">Save this search</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTaken(undefined);
            }}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__buttons">
          <button type="submit" className="button button--primary">
            Save
          </button>
          {taken && (
            <button type="button" className="button" onClick={() => void save(true)}>
              Replace “{taken}”
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
