import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import type { Session } from '@couple/protocol';
import { TEXTS } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { disconnectLive } from '../../lib/live.js';
import { i18n } from '../../lib/i18n.js';
import { clearSession, getSession } from '../../lib/session.js';
import { clearActiveKeys } from '../keys/active-keys.js';

export function isSession(result: unknown): result is Session {
  return typeof result === 'object' && result !== null && 'access_token' in result;
}

/** The queued desires carry this session's token and sealed notes: none stays behind. */
async function forgetOutbox(userId: string): Promise<void> {
  try {
    const { clearOutboxOf } = await import('../outbox/store.js');
    await clearOutboxOf(userId);
  } catch (error) {
    logClientError('outbox_clear', error);
  }
}

/** Signs out: the server call may fail, the local session is cleared regardless (SPEC §4). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const userId = getSession()?.user.id;
  if (userId) {
    // This device must stop receiving the signed-out user's desires.
    await call('deletePushSubscription').catch((error: unknown) =>
      logClientError('push_delete', error),
    );
    await call('signOut', { body: { refresh_token: getSession()?.refresh_token } }).catch(
      (error: unknown) => logClientError('logout', error),
    );
  }
  if (userId) await forgetOutbox(userId);
  clearSession();
  disconnectLive();
  clearActiveKeys();
  queryClient.clear();
  toast.success(i18n._(TEXTS.signedOut));
}
