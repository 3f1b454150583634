import { useEffect } from 'react';
import { useKeyboardTargets } from '../state/keyboard-store.js';

function typing(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return (
    t.isContentEditable ||
    t instanceof HTMLInputElement ||
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement
  );
}

/** The app-wide shortcuts; they stay out of the way while a field has the focus. */
export function useShortcuts(showHelp: () => void, helpOpen: boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || helpOpen) return;
      // A modal dialog has its own keys: Esc closes it (and nothing behind it), letters are typed.
      if (e.target instanceof Element && e.target.closest('dialog[open]')) return;
      const t = useKeyboardTargets.getState();
      if (e.key === 'Escape') {
        if (typing(e.target)) return;
        if (t.back?.()) e.preventDefault();
        return;
      }
      if (typing(e.target)) return;
      // The focused list handles its own Enter and arrows; j/k/Enter work from anywhere else too.
      const inList = e.target instanceof HTMLElement && e.target.getAttribute('role') === 'listbox';
      switch (e.key) {
        case '/':
          t.search?.();
          break;
        case 'j':
          t.list?.move(1);
          break;
        case 'k':
          t.list?.move(-1);
          break;
        case 'Enter':
          if (inList || (e.target instanceof HTMLElement && e.target.closest('button, a, summary'))) return;
          t.list?.open();
          break;
        case 's':
          if (!t.list?.toggleSave) return;
          t.list.toggleSave();
          break;
        case '?':
          showHelp();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [showHelp, helpOpen]);
}
