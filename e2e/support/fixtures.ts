import { test as base, expect, type BrowserContext, type Frame, type Page } from '@playwright/test';
import type { Locale } from '@couple/protocol';
import { Backend } from './users.js';

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  mobile?: boolean;
  /** Notifications are left to the browser's default (denied in headless chromium). */
  notifications?: boolean;
  /** Let the app's service worker run (the suite blocks it by default). */
  serviceWorker?: boolean;
  /** The browser's language (navigator.languages), which the app follows by default. */
  locale?: Locale;
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

interface Fixtures {
  /** Opens one more person's browser (own context: own storage, own live connection). */
  openBrowser: (options?: BrowserOptions) => Promise<Page>;
  backend: Backend;
}

export const test = base.extend<Fixtures>({
  openBrowser: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const mobile = options.mobile ?? false;
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? (mobile ? MOBILE : DESKTOP),
        ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
        ...(options.serviceWorker ? { serviceWorkers: 'allow' as const } : {}),
        locale: options.locale ?? 'en-US',
        timezoneId: 'UTC',
        permissions: [
          'clipboard-read',
          'clipboard-write',
          ...(options.notifications ? ['notifications'] : []),
        ],
      });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  backend: async ({ request }, use) => {
    await use(new Backend(request));
  },
});

export { expect };

/** Sonner toasts are list items; this finds the one with a text. */
export function toast(page: Page | Frame, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The URL check of a page object that may drive the app in a tab or inside a host's frame. */
export async function expectUrl(target: Page | Frame, pattern: RegExp): Promise<void> {
  await expect.poll(() => target.url()).toMatch(pattern);
}
