import { useEffect, useRef, useState } from 'react';
import { searchesClient } from '../../api/clients.js';
import { jobQuery } from '../../api/job-requests.js';
import { userErrorText } from '../../api/user-error.js';
import type { SearchState } from '../../state/search-state.js';
import { useToast } from '../../state/toast-store.js';

/** "Save search": the current words and filters under a name (Searches lists them with "N new"). */
export function SaveSearchButton({ search }: { search: SearchState }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Save search
      </button>
      {open && <SaveSearchDialog search={search} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveSearchDialog({ search, onClose }: { search: SearchState; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState(search.q.trim());
  const [error, setError] = useState('');
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const save = async () => {
    try {
      const r = await searchesClient.create({ name, query: jobQuery(search) });
      useToast.getState().show({ text: `Saved search “${r.search?.name ?? name}”` });
      onClose();
    } catch (e) {
      setError(userErrorText(e));
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
          <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
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
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
