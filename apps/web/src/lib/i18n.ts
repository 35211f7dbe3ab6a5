import { useSyncExternalStore } from 'react';
import { i18n, type I18n, type Messages } from '@lingui/core';
import {
  SOURCE_LOCALE,
  isLocale,
  matchLocale,
  textDirection,
  type Locale,
} from '@couple/protocol/browser';
import { logClientError } from './client-errors.js';
import { STORAGE_KEYS } from './constants.js';
import { readStorage, writeStorage } from './storage.js';

/*
 * The active language. Messages are `i18n._('English text', values)` (their id is the English
 * text, found by `npm run i18n`); only the active language's catalog is loaded, on demand.
 * The binding to React is a subscription to Lingui's change event rather than @lingui/react:
 * the first-load budget has no room for a provider (docs/decisions.md "Languages").
 */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@couple/protocol/i18n/catalogs/en'),
  es: () => import('@couple/protocol/i18n/catalogs/es'),
  'pt-BR': () => import('@couple/protocol/i18n/catalogs/pt-BR'),
  fr: () => import('@couple/protocol/i18n/catalogs/fr'),
  de: () => import('@couple/protocol/i18n/catalogs/de'),
  ar: () => import('@couple/protocol/i18n/catalogs/ar'),
};

export { i18n };

/** The language chosen on this device, if one was chosen. */
export function chosenLocale(): Locale | null {
  const stored = readStorage(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : null;
}

/** The device's choice, else the browser's languages. */
export function deviceLocale(): Locale {
  return chosenLocale() ?? matchLocale(navigator.languages ?? [navigator.language]);
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : deviceLocale();
}

/** Loads the language's catalog, then switches every screen and `<html lang dir>` to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await CATALOGS[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/**
 * The first language of a start: the device's, else English, else English without a catalog
 * (the ids are English; a text with values then shows its placeholders), so that no screen ever
 * renders without an active language (`i18n._` throws then).
 */
export async function startLocale(locale: Locale): Promise<void> {
  for (const candidate of new Set<Locale>([locale, SOURCE_LOCALE])) {
    try {
      await activateLocale(candidate);
      return;
    } catch (error) {
      logClientError('load_locale', error);
    }
  }
  i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });
}

/** The Language setting: remembered on this device (and saved on the account by its caller). */
export async function chooseLocale(locale: Locale): Promise<void> {
  writeStorage(STORAGE_KEYS.locale, locale);
  await activateLocale(locale);
}

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/** The i18n instance, re-rendering the component when the language changes. */
export function useI18n(): I18n {
  useSyncExternalStore(subscribe, () => i18n.locale);
  return i18n;
}
