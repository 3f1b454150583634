import { create } from 'zustand';

interface ConnectionStore {
  /** The browser's own view (navigator.onLine): no network at all. */
  online: boolean;
  /** Whether the last request reached the service (false after a network or IPC failure). */
  reachable: boolean;
  /** Moves each time the service answers again after it did not (renderer/state/reconnect.ts). */
  recoveries: number;
}

export const useConnection = create<ConnectionStore>(() => ({
  online: navigator.onLine,
  reachable: true,
  recoveries: 0,
}));

window.addEventListener('online', () => useConnection.setState({ online: true }));
window.addEventListener('offline', () => useConnection.setState({ online: false }));
