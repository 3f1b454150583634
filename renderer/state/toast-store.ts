import { create } from 'zustand';

/** One short message at the bottom of the window, optionally with a way to take the action back. */
export interface Toast {
  id: number;
  text: string;
  undo?: () => Promise<void> | void;
  error?: boolean;
  /** Where focus was when the toast came: pressing Undo or Dismiss puts it back there. */
  returnTo?: HTMLElement;
}

interface ToastStore {
  toast: Toast | undefined;
  show(t: Omit<Toast, 'id'>): void;
  dismiss(id: number): void;
}

let next = 1;

export const useToast = create<ToastStore>((set, get) => ({
  toast: undefined,
  show: (t) => {
    const at = typeof document === 'undefined' ? null : document.activeElement;
    const returnTo = t.returnTo ?? (at instanceof HTMLElement && at !== document.body ? at : undefined);
    set({ toast: { ...t, id: next++, ...(returnTo ? { returnTo } : {}) } });
  },
  dismiss: (id) => {
    if (get().toast?.id === id) set({ toast: undefined });
  },
}));
