import { expect, type Page } from '@playwright/test';
import { APP_NAME, textDirection, type Locale } from '@couple/protocol';

/** Brand names stay as they are in every language. */
export const BRAND_NAMES = [APP_NAME, 'Farcaster'];

/** `<html lang dir>` is the language's: Arabic reads right to left. */
export async function expectDocumentLanguage(page: Page, locale: Locale): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', locale);
  await expect(html).toHaveAttribute('dir', textDirection(locale));
}

/** The words of two or more Latin letters on the screen once the allowed strings are removed. */
export async function latinWords(page: Page, allowed: readonly string[]): Promise<string[]> {
  let text = await page.evaluate(() => document.body.innerText);
  // Longest first, so a username inside a longer allowed text does not break that text apart.
  for (const part of [...allowed].sort((a, b) => b.length - a.length)) {
    text = text.split(part).join(' ');
  }
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

/**
 * A screen of a right-to-left, non-Latin language shows no English left over: only the allowed
 * strings (usernames, brand names, what the other person typed) are in Latin letters.
 */
export async function expectNoLatinWords(
  page: Page,
  screen: string,
  allowed: readonly string[],
): Promise<void> {
  await expect
    .poll(() => latinWords(page, [...BRAND_NAMES, ...allowed]), { message: screen })
    .toEqual([]);
}
