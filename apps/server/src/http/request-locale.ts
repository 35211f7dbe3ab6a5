import { matchLocale, parseAcceptLanguage, type Locale } from '@couple/protocol';

/** The shipped language an Accept-Language header prefers (English when none). */
export function requestLocale(acceptLanguage: string | undefined): Locale {
  return matchLocale(parseAcceptLanguage(acceptLanguage));
}
