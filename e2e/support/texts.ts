import { translate, type Locale, type MessageValues } from '@couple/protocol';

/** A message as a person using the app in the language sees it. */
export function textIn(locale: Locale, id: string, values?: MessageValues): string {
  return translate(locale, id, values);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message's text as a regular-expression source, each placeholder matching any value. */
function sourceIn(locale: Locale, id: string, placeholders: readonly string[]): string {
  const markers = Object.fromEntries(
    placeholders.map((name, index) => [name, `\uE000${index}\uE000`]),
  );
  return escapeRegExp(translate(locale, id, markers)).replace(/\uE000\d+\uE000/g, '.+?');
}

/**
 * A pattern matching the message in the language with any values: each placeholder matches
 * one or more characters (a countdown's "4:59", a username). Anchored at both ends.
 */
export function patternIn(locale: Locale, id: string, placeholders: readonly string[]): RegExp {
  return new RegExp(`^${sourceIn(locale, id, placeholders)}$`);
}

/**
 * The same, not anchored: for a container's text that holds the message among others (a
 * dialog's question beside its buttons), where English tests used to match a fragment.
 */
export function containingIn(
  locale: Locale,
  id: string,
  placeholders: readonly string[] = [],
): RegExp {
  return new RegExp(sourceIn(locale, id, placeholders));
}

/** A pattern matching a name that contains any one of the messages (a link with its badge). */
export function mentioningAnyIn(locale: Locale, ...ids: string[]): RegExp {
  return new RegExp(ids.map((id) => escapeRegExp(translate(locale, id))).join('|'));
}
