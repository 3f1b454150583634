import { useId, useState } from 'react';
import { FIRST_YEAR, LAST_YEAR, isPlausibleDay } from './plausible-day.js';

interface Props {
  id: string;
  label: string;
  /** The date in force (`YYYY-MM-DD`), or none. */
  value: string | undefined;
  /** Called with a complete, plausible date, or undefined when the person cleared the field. */
  onCommit(value: string | undefined): void;
}

/**
 * A date input that sends a date only once it is whole: a half-typed year stays in the field, on
 * screen, and is never sent (nor does it blank the results or the saved date).
 */
export function DateField({ id, label, value, onCommit }: Props) {
  const hint = useId();
  const [draft, setDraft] = useState(value ?? '');
  const [unfinished, setUnfinished] = useState(false);
  // A change from elsewhere (a removed chip, a reload, a saved answer) shows in the field.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? '');
    setUnfinished(false);
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        min={`${FIRST_YEAR}-01-01`}
        max={`${LAST_YEAR}-12-31`}
        value={draft}
        aria-invalid={unfinished || undefined}
        aria-describedby={unfinished ? hint : undefined}
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          // '' with badInput: some parts are typed, some not yet; '' without: the field was cleared.
          if (v === '' && !e.target.validity.badInput) {
            setUnfinished(false);
            if (value !== undefined) onCommit(undefined);
          } else if (isPlausibleDay(v)) {
            setUnfinished(false);
            if (v !== value) onCommit(v);
          }
        }}
        onBlur={(e) => setUnfinished(e.target.validity.badInput || (draft !== '' && !isPlausibleDay(draft)))}
      />
      {unfinished && (
        <span id={hint} className="field__hint">
          Type the whole date, with a four-digit year ({FIRST_YEAR}–{LAST_YEAR}); until then it is not used.
        </span>
      )}
    </div>
  );
}
