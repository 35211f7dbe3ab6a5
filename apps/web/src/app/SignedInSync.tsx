import { useOutboxSender } from '../features/outbox/use-outbox.js';
import { useLiveSync } from './use-live-sync.js';
import { useLocaleSync } from '../features/settings/use-locale-sync.js';
import { useWishRounds } from '../features/wishes/use-wish-rounds.js';

/**
 * What runs for a signed-in person on every screen: live events into the cache, the outbox's
 * sender and the wishes' matching rounds. Its own chunk, so the signed-out first load (the
 * welcome screen) never carries it.
 */
export default function SignedInSync({ userId }: { userId: string }) {
  useLiveSync(userId);
  useOutboxSender(userId);
  useLocaleSync();
  useWishRounds();
  return null;
}
