import { translate, type Locale, type MessageValues } from '@couple/protocol';

/** A message as a person using the app in the language sees it. */
export function textIn(locale: Locale, id: string, values?: MessageValues): string {
  return translate(locale, id, values);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern matching the message in the language with any values: each placeholder matches
 * one or more characters (a countdown's "4:59", a username). Anchored at both ends.
 */
export function patternIn(locale: Locale, id: string, placeholders: readonly string[]): RegExp {
  const markers = Object.fromEntries(
    placeholders.map((name, index) => [name, `\u0000${index}\u0000`]),
  );
  const text = escapeRegExp(translate(locale, id, markers));
  return new RegExp(`^${text.replace(/\u0000\d+\u0000/g, '.+?')}$`);
}

/** A pattern matching exactly any one of the messages in the language. */
export function anyOfIn(locale: Locale, ...ids: string[]): RegExp {
  return new RegExp(`^(?:${ids.map((id) => escapeRegExp(translate(locale, id))).join('|')})$`);
}
