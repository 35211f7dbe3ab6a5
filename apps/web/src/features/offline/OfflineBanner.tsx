import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { useProfile } from '../profile/queries.js';
import { isNetworkFailure } from './network.js';
import { Notice } from '../../components/Notice.js';
import { useI18n } from '../../lib/i18n.js';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** Above every signed-in screen while it shows the saved state instead of the server's. */
export function OfflineBanner() {
  const i18n = useI18n();
  const online = useOnline();
  const profile = useProfile();
  const unreachable = profile.isError && isNetworkFailure(profile.error);
  if (online && !unreachable) return null;
  return (
    <Notice tone="warning" icon={WifiOff} testId="offline-banner" className="mb-6">
      {i18n._(online ? OFFLINE_TEXTS.unreachableBanner : OFFLINE_TEXTS.offlineBanner)}
    </Notice>
  );
}
