import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../packages/protocol/src/i18n/locales.js';
import { readCatalog } from './po.js';
import { missingPluralCategories, placeholdersOf } from './icu.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CATALOGS = join(ROOT, 'packages/protocol/src/i18n/catalogs');
const LINGUI = join(ROOT, 'node_modules/.bin/lingui');
const TRANSLATED = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

/**
 * Messages that are the same word in a translated language on purpose: brand names and
 * formats people type. Anything else equal to its English id is English left on a screen.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['Couple Desires', 'Farcaster', 'HH:MM', 'OK']);

/** Words that are the same in a language as in English (French "Notifications"). */
const SAME_WORD: Partial<Record<Locale, ReadonlySet<string>>> = {
  fr: new Set(['Notifications']),
  // A tier of the wish catalog (wishes/tiers.ts); the answer "No" is Spanish too.
  es: new Set(['Sensual', 'No']),
  'pt-BR': new Set(['Sensual']),
};

/** `{value}/{max}`: nothing but values and punctuation, the same in every language. */
const hasNoWords = (id: string) => !/\p{L}/u.test(id.replace(/\{[^{}]*\}/g, ''));

const scratch = mkdtempSync(join(tmpdir(), 'catalogs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function lingui(command: 'extract' | 'compile', dir: string): void {
  execFileSync(LINGUI, command === 'extract' ? ['extract', '--clean'] : ['compile'], {
    cwd: ROOT,
    env: { ...process.env, LINGUI_CATALOG_DIR: dir },
    stdio: 'pipe',
  });
}

const committed = Object.fromEntries(
  LOCALES.map((locale) => [locale, readCatalog(join(CATALOGS, `${locale}.po`))]),
);

describe('the message catalogs', () => {
  it('hold exactly the messages the code has (run `npm run i18n` after changing a text)', () => {
    const extracted = join(scratch, 'extracted');
    lingui('extract', extracted);
    const fromCode = readCatalog(join(extracted, `${SOURCE_LOCALE}.po`));
    const ids = (catalog: Map<string, string>) => [...catalog.keys()].sort();
    expect(ids(committed[SOURCE_LOCALE]!)).toEqual(ids(fromCode));
    for (const locale of TRANSLATED) expect(ids(committed[locale]!)).toEqual(ids(fromCode));
  }, 120_000);

  it('are compiled from the current PO files', () => {
    const compiled = join(scratch, 'compiled');
    cpSync(CATALOGS, compiled, { recursive: true, filter: (path) => !path.endsWith('.ts') });
    lingui('compile', compiled);
    for (const file of readdirSync(compiled).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(compiled, file), 'utf8'), file).toBe(
        readFileSync(join(CATALOGS, file), 'utf8'),
      );
    }
  }, 120_000);

  it.each(TRANSLATED)('translate every message into %s, none left in English', (locale) => {
    const untranslated = [...committed[locale]!].filter(
      ([id, text]) =>
        text.trim() === '' ||
        (text === id &&
          !SAME_IN_EVERY_LANGUAGE.has(id) &&
          !SAME_WORD[locale]?.has(id) &&
          !hasNoWords(id)),
    );
    expect(untranslated.map(([id]) => id)).toEqual([]);
  });

  it.each(TRANSLATED)('keep every placeholder of the English text in %s', (locale) => {
    const wrong = [...committed[locale]!]
      .filter(([, text]) => text.trim() !== '')
      .filter(([id, text]) => placeholdersOf(text).join() !== placeholdersOf(id).join())
      .map(([id, text]) => ({ id, text }));
    expect(wrong).toEqual([]);
  });

  it.each(TRANSLATED)('give every plural the categories %s needs', (locale) => {
    const short = [...committed[locale]!]
      .filter(([, text]) => text.trim() !== '')
      .map(([id, text]) => ({ id, missing: missingPluralCategories(text, locale) }))
      .filter(({ missing }) => missing.length > 0);
    expect(short).toEqual([]);
  });
});
