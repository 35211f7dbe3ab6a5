import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale } from '@couple/protocol/browser';
import { activateLocale, activeLocale, chosenLocale } from '../../lib/i18n.js';
import { logClientError } from '../../lib/client-errors.js';
import { useProfile } from '../profile/queries.js';
import { saveAccountLocale } from './account-locale.js';

/**
 * The device's language and the account's, made to agree once the profile is known
 * (docs/decisions.md, "Which language a person gets"): an account without one gets the device's;
 * a device with no choice of its own takes the account's; a device choice that differs is the
 * latest explicit one, so it is saved on the account.
 */
export function useLocaleSync(): void {
  const queryClient = useQueryClient();
  // undefined: not known yet (or a server that does not send it); null: the account has none.
  const account = useProfile().data?.locale;
  useEffect(() => {
    if (account === undefined) return;
    const device = chosenLocale();
    if (account === null) {
      void saveAccountLocale(queryClient, activeLocale());
    } else if (!isLocale(account)) {
      return;
    } else if (device === null) {
      if (account !== activeLocale()) {
        activateLocale(account).catch((error: unknown) => logClientError('sync_locale', error));
      }
    } else if (device !== account) {
      void saveAccountLocale(queryClient, device);
    }
  }, [account, queryClient]);
}
