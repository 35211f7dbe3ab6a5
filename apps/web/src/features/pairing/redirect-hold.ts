import { useSyncExternalStore } from 'react';

/**
 * After 'Partner connected successfully!' the pairing screen waits 0.5 s before moving on; the
 * route gate holds its own redirect meanwhile, or it would jump to / at once.
 */
let held = false;
const listeners = new Set<() => void>();

export function holdRedirects(held_: boolean): void {
  held = held_;
  for (const listener of listeners) listener();
}

export function useRedirectsHeld(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => held,
  );
}
