import { parse, type Token } from '@messageformat/parser';

/** The counts a person meets, for which each language's plural category must be written. */
const COUNTS_TO_COVER = 200;

function walk(tokens: readonly Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    if ('cases' in token) for (const { tokens: inner } of token.cases) walk(inner, visit);
  }
}

/** The names of a message's values ({name}, {count, plural, …}), sorted and unique. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  walk(parse(message), (token) => {
    if ('arg' in token) names.add(token.arg);
  });
  return [...names].sort();
}

/**
 * The plural categories of the language that a `{n, plural, …}` of the message leaves to
 * `other` although a count up to 200 falls in them (Arabic's zero, two, few and many, say).
 * A count with its own `=n` case needs no category.
 */
export function missingPluralCategories(message: string, locale: string): string[] {
  const rules = new Intl.PluralRules(locale);
  const missing = new Set<string>();
  walk(parse(message), (token) => {
    if (token.type !== 'plural') return;
    const keys = new Set(token.cases.map(({ key }) => key));
    for (let count = 0; count <= COUNTS_TO_COVER; count++) {
      const category = rules.select(count);
      if (!keys.has(`=${count}`) && !keys.has(category)) missing.add(category);
    }
  });
  return [...missing].sort();
}
