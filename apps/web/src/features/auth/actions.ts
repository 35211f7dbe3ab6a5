import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import type { Session } from '@couple/protocol';
import { TEXTS } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { disconnectLive } from '../../lib/live.js';
import { i18n } from '../../lib/i18n.js';
import { clearSession, getSession } from '../../lib/session.js';
import { runSignOutHooks } from '../../lib/sign-out-hooks.js';

export function isSession(result: unknown): result is Session {
  return typeof result === 'object' && result !== null && 'access_token' in result;
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
  await forgetSignedIn(queryClient, userId ?? null);
  toast.success(i18n._(TEXTS.signedOut));
}

/**
 * Leaves this device signed out, after signing out or deleting the account. Each feature
 * forgets its data (outbox, keys, opened notes…) before the session ends: no signed-out screen
 * shows while any of it remains.
 */
export async function forgetSignedIn(queryClient: QueryClient, userId: string | null) {
  await runSignOutHooks(userId);
  clearSession();
  disconnectLive();
  queryClient.clear();
}
