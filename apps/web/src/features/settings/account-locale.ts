import type { QueryClient } from '@tanstack/react-query';
import type { Locale, Profile } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { profileKeys } from '../profile/queries.js';

/**
 * Saves the language on the account (the server writes its pushes and e-mails in it), and puts
 * the saved value in the cached profile so the sync (use-locale-sync.ts) sees the two agree. A
 * failure is only logged: the device keeps its choice and the sync saves it on a later load.
 */
export async function saveAccountLocale(queryClient: QueryClient, locale: Locale): Promise<void> {
  try {
    const saved = await call('setLocale', { body: { locale } });
    queryClient.setQueryData<Profile>(profileKeys.detail(), (profile) =>
      profile ? { ...profile, locale: saved.locale } : profile,
    );
  } catch (error) {
    logClientError('save_locale', error);
  }
}
