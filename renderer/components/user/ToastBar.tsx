import { useEffect } from 'react';
import { useSaved } from '../../state/saved-store.js';
import { useToast } from '../../state/toast-store.js';

/** Long enough to read the message and reach Undo; errors stay until dismissed. */
const TOAST_MS = 8000;

/** The current toast (role=status, so screen readers hear it) with Undo and Dismiss. */
export function ToastBar() {
  const toast = useToast((s) => s.toast);
  const savedError = useSaved((s) => s.error);
  useEffect(() => {
    if (savedError) useToast.getState().show({ text: `${savedError.title}: ${savedError.detail}`, error: true });
  }, [savedError]);
  useEffect(() => {
    if (!toast || toast.error) return;
    const t = setTimeout(() => useToast.getState().dismiss(toast.id), TOAST_MS);
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
            void toast.undo?.();
          }}
        >
          Undo
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => useToast.getState().dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
