import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale, type Locale } from '@couple/protocol/browser';
import { activateLocale, activeLocale, chosenLocale } from '../../lib/i18n.js';
import { logClientError } from '../../lib/client-errors.js';
import { useProfile } from '../profile/queries.js';
import { saveAccountLocale } from './account-locale.js';

export type LocaleSync = { save: Locale } | { activate: Locale } | null;

/**
 * docs/decisions.md, "Which language a person gets": an account without a language gets the
 * device's; a device with no choice of its own takes the account's; a device choice that
 * differs is the latest explicit one, so it is saved on the account. `account` is undefined
 * until the profile is known (or from a server that does not send it): nothing happens then.
 */
export function localeSync(
  account: Locale | null | undefined,
  device: Locale | null,
  active: Locale,
): LocaleSync {
  if (account === undefined) return null;
  if (account === null || !isLocale(account)) return { save: active };
  if (device === null) return account === active ? null : { activate: account };
  return device === account ? null : { save: device };
}

/** Makes the device's language and the account's agree once the profile is known. */
export function useLocaleSync(): void {
  const queryClient = useQueryClient();
  const account = useProfile().data?.locale;
  useEffect(() => {
    const action = localeSync(account, chosenLocale(), activeLocale());
    if (action && 'save' in action) void saveAccountLocale(queryClient, action.save);
    if (action && 'activate' in action) {
      activateLocale(action.activate).catch((error: unknown) =>
        logClientError('sync_locale', error),
      );
    }
  }, [account, queryClient]);
}
