import { expect, type Page } from '@playwright/test';
import { TEXTS, type Locale } from '@couple/protocol';
import { WelcomePage } from '../pages/WelcomePage.js';
import { toast, type BrowserOptions } from './fixtures.js';
import { textIn } from './texts.js';
import type { ApiUser, Backend } from './users.js';

/** Signs in through the e-mail form; the app reloads at / and the routing rules take over. */
export async function signIn(
  page: Page,
  user: { email: string; password: string },
  landing: RegExp = /\/$/,
  locale: Locale = 'en',
): Promise<void> {
  const welcome = new WelcomePage(page, locale);
  await welcome.goto();
  await welcome.submitSignIn(user);
  await expect(toast(page, textIn(locale, TEXTS.signedIn))).toBeVisible();
  await expect(page).toHaveURL(landing);
}

/** Records every text the matching elements showed from now on, however briefly. */
export async function recordTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.evaluate((css) => {
    const seen = new Set<string>();
    const record = () =>
      document.querySelectorAll<HTMLElement>(css).forEach((element) => {
        seen.add(element.innerText.trim());
      });
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    Object.assign(window, { __seenTexts: seen });
  }, selector);
  return () =>
    page.evaluate(() => [...(window as unknown as { __seenTexts: Set<string> }).__seenTexts]);
}

/** Two paired partners, each signed in in a browser of their own (options per person). */
export async function signedInCouple(
  openBrowser: (options?: BrowserOptions) => Promise<Page>,
  backend: Backend,
  options: [BrowserOptions?, BrowserOptions?] = [],
): Promise<{ alice: ApiUser; bob: ApiUser; alicePage: Page; bobPage: Page }> {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([
    openBrowser(options[0]),
    openBrowser(options[1]),
  ]);
  await signIn(alicePage, alice);
  await signIn(bobPage, bob);
  return { alice, bob, alicePage, bobPage };
}

/** HH:MM in UTC (the test browsers run in UTC), some minutes from now. */
export function utcTime(offsetMinutes: number): string {
  return new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
}
