import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOCALES, LOCALE_NAMES, isLocale } from '@couple/protocol/browser';
import { activeLocale, chooseLocale, useI18n } from '../../lib/i18n.js';
import { logClientError } from '../../lib/client-errors.js';
import { useSession } from '../../lib/use-session.js';
import { saveAccountLocale } from './account-locale.js';

/**
 * The app's language: each one named in itself (a person who cannot read the current language
 * still finds theirs), remembered on this device and, signed in, saved on the account.
 */
export function LanguageSetting() {
  const i18n = useI18n();
  const id = useId();
  const signedIn = useSession() !== null;
  const queryClient = useQueryClient();

  async function choose(value: string) {
    if (!isLocale(value)) return;
    try {
      await chooseLocale(value);
    } catch (error) {
      // The language's catalog could not load (offline before it was ever fetched).
      logClientError('choose_locale', error);
      return;
    }
    if (signedIn) await saveAccountLocale(queryClient, value);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {i18n._('Language of the app')}
      </label>
      <select
        id={id}
        value={activeLocale()}
        onChange={(event) => void choose(event.target.value)}
        className="min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 focus:border-brand-700"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
