/**
 * Where the focus goes when the row holding `from` (a "Show again", "Unblock", "Delete" button)
 * leaves its list: the same button of the next row, else of the row before, else `fallback` (the
 * section's heading), so the keyboard never drops to <body>. Call the result once the list is back
 * on screen; the button is found again by its label, as the list may have been drawn anew.
 */
export function focusAfterRemoval(from: HTMLElement, fallback: () => HTMLElement | null | undefined): () => void {
  const row = from.closest('li');
  const at = row ? [...row.querySelectorAll('button')].indexOf(from as HTMLButtonElement) : -1;
  const sibling = row?.nextElementSibling ?? row?.previousElementSibling;
  const label = at >= 0 ? sibling?.querySelectorAll('button')[at]?.getAttribute('aria-label') : undefined;
  return () => {
    const target = label
      ? [...document.querySelectorAll<HTMLElement>('button[aria-label]')].find(
          (b) => b.getAttribute('aria-label') === label,
        )
      : undefined;
    (target ?? fallback())?.focus();
  };
}
