import { expect, type Page } from '@playwright/test';
import { TEXTS, type Locale } from '@couple/protocol';
import { STORAGE_KEYS } from '../../apps/web/src/lib/constants.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { apiPath } from './api-route.js';
import { toast, type BrowserOptions } from './fixtures.js';
import { textIn } from './texts.js';
import { Backend, type ApiUser } from './users.js';

/**
 * Signs in through the e-mail form; the app reloads at / and the routing rules take over. For
 * the tests about signing in; the others open the app signed in (openSignedIn).
 */
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

/**
 * Opens the app signed in, as the sign-in form leaves it but without driving the form: a new
 * session of the account (one more device, as the form makes) is stored where the app keeps
 * its own before the app first loads. Then waits for the live channel, as a person who has the
 * app open is reached live; `live: false` for a page whose live channel is kept from connecting.
 */
export async function openSignedIn(
  page: Page,
  user: { email: string; password: string },
  { landing = /\/$/, live = true }: { landing?: RegExp; live?: boolean } = {},
): Promise<void> {
  const session = await new Backend(page.request).newSession(user);
  // A page of the app's origin that is not the app: its storage is written before the app runs.
  await page.goto(apiPath('health'));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.session,
    JSON.stringify(session),
  ] as const);
  await page.goto('/');
  await expect(page).toHaveURL(landing);
  if (live) await expectLiveConnected(page);
}

/**
 * Waits until the page's live channel is connected (window.coupleDebug's `live` probe): the
 * server joined it to the user's room in the same step, so an event sent from now on reaches
 * it. One sent before is not replayed (docs/live-channel.md); the lists catch up, not toasts.
 * The limit covers the app's first load too, which a busy two-core machine can make slow.
 */
export async function expectLiveConnected(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as DebugWindow).coupleDebug?.state().live), {
      timeout: 30_000,
    })
    .toBe('connected');
}

interface DebugWindow {
  coupleDebug?: { state(): { live?: string } };
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

/** Two paired partners, each with the app open in a browser of their own (options per person). */
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
  await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPage, bob)]);
  return { alice, bob, alicePage, bobPage };
}

/** HH:MM in UTC (the test browsers run in UTC), some minutes from now. */
export function utcTime(offsetMinutes: number): string {
  return new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
}
