/*
 * Calls waiting to try again after an overloaded server refused them (503 `server_busy`): the
 * busy notice shows while any wait. No DOM: the service worker's calls wait here too.
 */
let waiting = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** How many calls are waiting to try again now. */
export function busyWaits(): number {
  return waiting;
}

export function subscribeBusy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Waits `ms` as a call refused for load, counted for the notice meanwhile. */
export async function waitOutBusy(ms: number): Promise<void> {
  waiting += 1;
  changed();
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    waiting -= 1;
    changed();
  }
}
