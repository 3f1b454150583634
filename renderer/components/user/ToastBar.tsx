import { useEffect } from 'react';
import { NOT_CHANGED } from '../../api/user-error.js';
import { useSaved } from '../../state/saved-store.js';
import { type Toast, useToast } from '../../state/toast-store.js';

/** Long enough to read the message and reach Undo; errors stay until dismissed. */
const TOAST_MS = 8000;

/**
 * Focus leaves a toast's button as the toast goes: back to where it was when the toast came, else
 * to the main region, never to <body> (issue 31 item 9).
 */
function refocus(toast: Toast): void {
  const to = toast.returnTo?.isConnected ? toast.returnTo : document.getElementById('main');
  to?.focus();
}

/** The current toast (role=status, so screen readers hear it) with Undo and Dismiss. */
export function ToastBar() {
  const toast = useToast((s) => s.toast);
  const savedError = useSaved((s) => s.error);
  useEffect(() => {
    if (savedError)
      useToast.getState().show({
        text: savedError.unreachable ? NOT_CHANGED : `${savedError.title}: ${savedError.detail}`,
        error: true,
      });
  }, [savedError]);
  useEffect(() => {
    // The toast's line shortens the screen above it: what the person just used stays in view.
    const used = document.activeElement;
    if (toast && used?.closest('main')) used.scrollIntoView({ block: 'nearest' });
  }, [toast]);
  useEffect(() => {
    if (!toast || toast.error) return;
    const t = setTimeout(() => {
      const wasIn = document.activeElement?.closest('.toast');
      useToast.getState().dismiss(toast.id);
      if (wasIn) refocus(toast);
    }, TOAST_MS);
    return () => clearTimeout(t);
  }, [toast]);
  if (!toast) return null;
  return (
    <div className={`toast${toast.error ? ' toast--error' : ''}`} role={toast.error ? 'alert' : 'status'}>
      <span>{toast.text}</span>
      {toast.undo && (
        <button
          type="button"
          className="linkish"
          onClick={() => {
            useToast.getState().dismiss(toast.id);
            refocus(toast);
            void toast.undo?.();
          }}
        >
          Undo
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        onClick={() => {
          useToast.getState().dismiss(toast.id);
          refocus(toast);
        }}
      >
        ×
      </button>
    </div>
  );
}
