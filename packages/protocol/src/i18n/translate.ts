import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as ar } from './catalogs/ar.js';
import { messages as de } from './catalogs/de.js';
import { messages as en } from './catalogs/en.js';
import { messages as es } from './catalogs/es.js';
import { messages as fr } from './catalogs/fr.js';
import { messages as ptBR } from './catalogs/pt-BR.js';
import type { Locale } from './locales.js';

/**
 * Every language at once, for the server (pushes, e-mails, error texts) and the tests. The web
 * app never imports this: it loads only the active language's catalog (apps/web/src/lib/i18n.ts).
 */
const CATALOGS: Record<Locale, Messages> = { en, es, 'pt-BR': ptBR, fr, de, ar };

export type MessageValues = Record<string, string | number | Date>;

const instances = new Map<Locale, I18n>();

/** One activated instance per language, so concurrent requests never switch each other's. */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    instances.set(locale, instance);
  }
  return instance;
}

/** A message (its id is its English text) in the language, with its ICU values. */
export function translate(locale: Locale, id: string, values?: MessageValues): string {
  return i18nFor(locale)._(id, values);
}

/** The English text of a message: what the spec gives and what English-locale tests expect. */
export function english(id: string, values?: MessageValues): string {
  return translate('en', id, values);
}
