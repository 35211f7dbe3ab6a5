import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);
/** Toasts mid-animation (entering, leaving, stacked behind the front one) are half transparent. */
const TRANSIENT = [
  "[data-sonner-toast][data-mounted='false']",
  "[data-sonner-toast][data-removed='true']",
  "[data-sonner-toast][data-front='false']",
];

/** The WCAG 2.2 AA bar of issue 28 (axe's rule tags; best practices are left out). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails on any serious or critical axe violation of the screen as shown, in the light and the
 * dark theme (the class the theme setting puts on <html>), then restores the theme. Without
 * tags every axe rule runs; with them, only the rules carrying one of those tags.
 */
export async function expectAccessible(page: Page, screen: string, tags?: string[]): Promise<void> {
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const dark of [false, true]) {
    // Buttons fade their colours (transition-colors): check them once the theme has settled.
    await page.evaluate(async (on) => {
      document.documentElement.classList.toggle('dark', on);
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    }, dark);
    const builder = new AxeBuilder({ page });
    TRANSIENT.forEach((selector) => builder.exclude(selector));
    if (tags) builder.withTags(tags);
    const { violations } = await builder.analyze();
    const blocking = violations
      .filter((violation) => BLOCKING.has(violation.impact ?? ''))
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(blocking, `${screen} in the ${dark ? 'dark' : 'light'} theme`).toEqual([]);
  }
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), wasDark);
}
