import { useEffect, useRef } from 'react';

export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['/', 'Focus the search box'],
  ['j', 'Next result'],
  ['k', 'Previous result'],
  ['Enter', 'Open the highlighted result'],
  ['s', 'Save or unsave the highlighted result'],
  ['Esc', 'Close the job, or go back'],
  ['← →', 'Saved board: move the focused job to the stage before or after'],
  ['?', 'Show these shortcuts'],
];

/** The keyboard shortcuts, in a modal dialog (Esc or the button closes it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map(([key, what]) => (
            <tr key={key}>
              <th scope="row">
                <kbd>{key}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
