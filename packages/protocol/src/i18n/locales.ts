/** The languages the app ships, the source language first. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language by its own name, as the Language setting lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The first shipped language among a person's preferences (navigator.languages, the tags of an
 * Accept-Language header, a host's locale): an exact tag first, then the same language in another
 * region ("pt-PT" → pt-BR, "es-MX" → es). English when none matches.
 */
export function matchLocale(preferences: readonly string[]): Locale {
  for (const preference of preferences) {
    const tag = preference.trim();
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split(/[-_]/)[0]?.toLowerCase();
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (language && sameLanguage) return sameLanguage;
  }
  return SOURCE_LOCALE;
}

/** The language tags of an Accept-Language header, most preferred first ("*" left out). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
