import { useSyncExternalStore } from 'react';
import type { I18n, Messages } from '@lingui/core';
import {
  SOURCE_LOCALE,
  isLocale,
  matchLocale,
  textDirection,
  type Locale,
} from '@couple/protocol/browser';
import { translateErrorsWith } from './api-errors.js';
import { logClientError } from './client-errors.js';
import { setRequestLanguage } from './api-core.js';
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

/*
 * @lingui/core itself loads beside the first catalog, not in the entry (first-load budget,
 * docs/performance.md). Until it is here (or if it cannot load) a text is its English id:
 * nothing calls `i18n._` before main.tsx has activated a language and rendered.
 */
let lingui: I18n | null = null;
const beforeLingui = { _: (id: unknown) => (typeof id === 'string' ? id : ''), locale: '' };
export const i18n = new Proxy(beforeLingui as unknown as I18n, {
  get(_target, key) {
    const target: object = lingui ?? beforeLingui;
    const value: unknown = Reflect.get(target, key);
    return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
  },
});
const changes = new Set<() => void>();

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

/** Lingui's instance, loaded on first use (unit tests load it before activating a catalog). */
export async function loadLingui(): Promise<I18n> {
  if (!lingui) {
    const loaded = (await import('@lingui/core')).i18n;
    translateErrorsWith((id, values) => loaded._(id, values));
    lingui = loaded;
  }
  return lingui;
}

/** Loads the language's catalog, then switches every screen and `<html lang dir>` to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const [core, { messages }] = await Promise.all([loadLingui(), CATALOGS[locale]()]);
  core.loadAndActivate({ locale, messages });
  setRequestLanguage(locale);
  for (const onChange of changes) onChange();
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/**
 * The first language of a start: the device's, else English (an old cache, no network). If
 * neither loads, the texts are their English ids (a text with values shows its placeholders).
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
}

/** The Language setting: remembered on this device (and saved on the account by its caller). */
export async function chooseLocale(locale: Locale): Promise<void> {
  writeStorage(STORAGE_KEYS.locale, locale);
  await activateLocale(locale);
}

function subscribe(onChange: () => void): () => void {
  changes.add(onChange);
  return () => changes.delete(onChange);
}

const activeLanguage = () => i18n.locale;

/**
 * The i18n instance, re-rendering the component when the language changes. The same snapshot
 * serves a render outside the browser (a component rendered to markup in a unit test).
 */
export function useI18n(): I18n {
  useSyncExternalStore(subscribe, activeLanguage, activeLanguage);
  return i18n;
}
