/**
 * The install events, caught from start-up (main.tsx) so an early one is not lost. Kept apart
 * from install-store.ts, whose hooks and checks load with the screens (first-load budget).
 */

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export const installState = {
  deferred: null as BeforeInstallPromptEvent | null,
  installed: false,
  listeners: new Set<() => void>(),
};

export function emitInstallChange(): void {
  for (const listener of installState.listeners) listener();
}

/** Called once at start-up, before React renders. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installState.deferred = event as BeforeInstallPromptEvent;
    emitInstallChange();
  });
  window.addEventListener('appinstalled', () => {
    installState.deferred = null;
    installState.installed = true;
    emitInstallChange();
  });
}
