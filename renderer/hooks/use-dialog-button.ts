import { useEffect, useRef, useState } from 'react';

/**
 * A button that opens a modal dialog: however the dialog closes (Esc, Cancel, done), focus goes
 * back to the button, not <body>. Only after the dialog is gone: a modal dialog makes the page
 * behind it inert, so focus cannot go there while it is open.
 */
export function useDialogButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return { open, button, show: () => setOpen(true), close: () => setOpen(false) };
}
