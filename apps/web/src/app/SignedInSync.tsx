import { useEffect } from 'react';
import { connectLive, disconnectLive } from '../lib/live.js';
import { useOutboxSender } from '../features/outbox/use-outbox.js';
import { useLiveSync } from './use-live-sync.js';
import { useLocaleSync } from '../features/settings/use-locale-sync.js';
import { useWishRounds } from '../features/wishes/use-wish-rounds.js';
import { useKeysLiveSync } from '../features/keys/use-keys.js';

/**
 * What runs for a signed-in person on every screen: live events into the cache, the outbox's
 * sender and the wishes' matching rounds. Its own chunk, so the signed-out first load (the
 * welcome screen) never carries it.
 */
export default function SignedInSync({ userId }: { userId: string }) {
  useLiveSync(userId);
  useOutboxSender(userId);
  useLocaleSync();
  // Here, not in the tabbed layout: the wishes' rounds read the keys on every screen, the
  // pairing screen included, so a new partner must reload them there too.
  useKeysLiveSync();
  useWishRounds();
  useLiveConnection();
  return null;
}

/**
 * Opens the live channel once the hooks above listen (effects run in order): an event that
 * came between the connect and their listeners would be lost, and so would the connect that
 * tells them to read again what they missed (a screen's first read can start before this chunk
 * has loaded).
 */
function useLiveConnection(): void {
  useEffect(() => {
    connectLive();
    return () => disconnectLive();
  }, []);
}
