import { metaClient } from '../api/clients.js';
import { useConnection } from './connection-store.js';

/**
 * Waits between tries while the job index does not answer: soon at first, then less often, never
 * longer than 10 s, so the app is back within seconds of the service (issue 31 item 7: it stayed
 * "unreachable" ~44 s, until Retry was pressed).
 */
export const RECONNECT_STEPS_MS = [1000, 2000, 4000, 7000, 10_000] as const;

let timer: ReturnType<typeof setTimeout> | undefined;
let step = 0;
let probing = false;
let recoveredAt = 0;
/** A call failing again this soon after the probe answered (one service down, not all): keep backing off. */
const STABLE_MS = 30_000;

/** One cheap call; its answer (through the watched transport) marks the service reachable. */
async function probe(): Promise<void> {
  if (probing || useConnection.getState().reachable) return;
  probing = true;
  clearTimeout(timer);
  try {
    await metaClient.getInfo({});
  } catch {
    // Still down: the next try comes after a longer wait.
  } finally {
    probing = false;
  }
  if (!useConnection.getState().reachable) later();
}

function later(): void {
  clearTimeout(timer);
  const wait = RECONNECT_STEPS_MS[Math.min(step, RECONNECT_STEPS_MS.length - 1)]!;
  step += 1;
  timer = setTimeout(() => void probe(), wait);
}

/** A person coming back to the window, or the network coming back: try now, not at the next step. */
function now(): void {
  if (useConnection.getState().reachable) return;
  step = 0;
  void probe();
}

/**
 * Starts watching: while the service does not answer, probe with backoff (and at once on focus,
 * visibility or `online`); when it answers again, `recoveries` moves, and every error screen
 * showing an unreachable service asks again by itself (components/feedback.tsx).
 */
export function startReconnecting(): () => void {
  const unsubscribe = useConnection.subscribe((s, prev) => {
    if (prev.reachable && !s.reachable) {
      if (Date.now() - recoveredAt > STABLE_MS) step = 0;
      later();
    } else if (!prev.reachable && s.reachable) {
      clearTimeout(timer);
      recoveredAt = Date.now();
      useConnection.setState({ recoveries: s.recoveries + 1 });
    }
  });
  const onVisible = () => document.visibilityState === 'visible' && now();
  window.addEventListener('focus', now);
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('focus', now);
    window.removeEventListener('online', now);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
