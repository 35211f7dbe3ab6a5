import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { i18n } from '../../lib/i18n.js';
import { onSignOut } from '../../lib/sign-out-hooks.js';
import { isQueuedAnswer } from './retry.js';
import { clearOutboxOf, listOutbox } from './store.js';

/** What of this user's still waits to send, said before sign-out discards it. */
async function discardedBySignOut(userId: string): Promise<string | null> {
  const waiting = (await listOutbox(userId)).filter((item) => item.failure === null);
  const answers = waiting.filter(isQueuedAnswer).length;
  const desires = waiting.length - answers;
  if (desires + answers === 0) return null;
  if (answers === 0) return i18n._(OFFLINE_TEXTS.signOutDiscardsDesires, { count: desires });
  if (desires === 0) return i18n._(OFFLINE_TEXTS.signOutDiscardsAnswers, { count: answers });
  return i18n._(OFFLINE_TEXTS.signOutDiscardsBoth, { desires, answers });
}

// The queued desires carry this session's token and sealed notes: none stays behind. The outbox
// outlives the page (IndexedDB), so this registers from the sender's module, which SignedInSync
// loads on every signed-in screen, not from the store, which the service worker shares.
onSignOut({
  name: 'outbox',
  clear: (userId) => (userId ? clearOutboxOf(userId) : undefined),
  discards: discardedBySignOut,
});
