import { useSyncExternalStore } from 'react';
import { emitInstallChange, installState } from './install-capture.js';

/** SPEC §4: display-mode standalone, the iOS standalone flag, or an Android app referrer. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    installState.installed ||
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    iosStandalone ||
    document.referrer.startsWith('android-app://')
  );
}

export function isIos(): boolean {
  const ua = navigator.userAgent;
  return (
    /iphone|ipad|ipod/i.test(ua) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/** Shows the browser's prompt; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = installState.deferred;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  installState.deferred = null;
  emitInstallChange();
  return outcome === 'accepted';
}

export function useInstallState(): { canPrompt: boolean; standalone: boolean } {
  const canPrompt = useSyncExternalStore(
    (listener) => {
      installState.listeners.add(listener);
      return () => installState.listeners.delete(listener);
    },
    () => installState.deferred !== null,
  );
  const standalone = useSyncExternalStore((listener) => {
    installState.listeners.add(listener);
    return () => installState.listeners.delete(listener);
  }, isStandalone);
  return { canPrompt, standalone };
}
