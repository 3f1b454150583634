import { forwardRef, useId } from 'react';
import { QUERY_MAX_CHARS, queryCharsOver } from '#shared/rules/limits';

interface Props {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** Enter: go to the results. */
  onSubmit?(): void;
}

/** A search field that searches as you type; Esc leaves it, Enter moves to the results. */
export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox(p, ref) {
  // Too long to search: the text stays as typed (a maxlength cut a pasted query silently) and
  // the box says why nothing is searched (issue 31).
  const over = queryCharsOver(p.value);
  const errorId = useId();
  return (
    <div className="searchbox" role="search">
      <input
        ref={ref}
        type="search"
        aria-label={p.label}
        placeholder={p.placeholder}
        value={p.value}
        aria-invalid={over > 0 ? true : undefined}
        aria-describedby={over > 0 ? errorId : undefined}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => p.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            p.onSubmit?.();
          } else if (e.key === 'Escape') {
            // Leaving the box puts focus on the results (or the main region), never on <body>.
            e.preventDefault();
            const next =
              document.querySelector<HTMLElement>('main [role=listbox], main [role=table]') ??
              document.getElementById('main');
            if (next) next.focus();
            else e.currentTarget.blur();
          }
        }}
      />
      <kbd className="searchbox__hint" aria-hidden="true">
        /
      </kbd>
      {over > 0 && (
        <p className="form-error searchbox__error" role="alert" id={errorId}>
          {p.label}: at most {QUERY_MAX_CHARS} characters; this has {QUERY_MAX_CHARS + over}. Shorten it to search (your
          text is kept).
        </p>
      )}
    </div>
  );
});
