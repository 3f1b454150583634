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

/** The search box's query language (docs/decisions/query-language.md). */
export const QUERY_SYNTAX: ReadonlyArray<[string, string]> = [
  ['"exact phrase"', 'These words, in this order'],
  ['-word', 'Leave out jobs with this word (also -"a phrase", -title:word)'],
  ['nurse OR midwife', 'Either word'],
  ['title:engineer', 'The word in the job title only'],
  ['company:acme', 'The word in the company name only'],
  ['c++ c# .net node.js', 'Terms with symbols match as written'],
];

/** The keyboard shortcuts, in a modal dialog (Esc or the button closes it). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where focus was when it opened: it goes back there when it closes, else to the main region,
  // never to <body> (opened with `?` from nowhere in particular; issue 31 item 9).
  const from = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      from.current = document.activeElement;
      d.showModal();
    }
    if (!open && d.open) d.close();
    if (!open && from.current) {
      const back =
        from.current instanceof HTMLElement && from.current !== document.body && from.current.isConnected
          ? from.current
          : document.getElementById('main');
      from.current = null;
      back?.focus();
    }
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
      <h3 id="syntax-title">Search syntax</h3>
      <table className="shortcuts" aria-labelledby="syntax-title">
        <tbody>
          {QUERY_SYNTAX.map(([example, what]) => (
            <tr key={example}>
              <th scope="row">
                <code>{example}</code>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Anything else is plain words; a word also finds the words it starts (engineer → engineering).
      </p>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
