import { create } from 'zustand';

/** One short message at the bottom of the window, optionally with a way to take the action back. */
export interface Toast {
  id: number;
  text: string;
  undo?: () => Promise<void> | void;
  error?: boolean;
}

interface ToastStore {
  toast: Toast | undefined;
  show(t: Omit<Toast, 'id'>): void;
  dismiss(id: number): void;
}

let next = 1;

export const useToast = create<ToastStore>((set, get) => ({
  toast: undefined,
  show: (t) => set({ toast: { ...t, id: next++ } }),
  dismiss: (id) => {
    if (get().toast?.id === id) set({ toast: undefined });
  },
}));
