/**
 * vi.waitFor's limits for work that runs in the background (exports, a quit waiting for sync):
 * its default second is too short on a loaded 2-core CI machine.
 */
export const POLL = { timeout: 20_000, interval: 20 };
