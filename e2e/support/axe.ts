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
 * The axe rules whose outcome depends on colour. The dark theme is a class on <html> that only
 * remaps colours (apps/web/src/index.css: custom properties and colour overrides, no `dark:`
 * layout utilities), so in it only these can find something the light pass did not.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails on any serious or critical axe violation of the screen as shown: every rule (or, with
 * tags, the rules carrying one of them) in the light theme, then the colour rules in the dark
 * one, then restores the theme.
 *
 * axe runs in the page (its legacy mode): the default opens a blank page for every audit to
 * merge the results of each frame, which took half the audit's time. The app's screens have no
 * frame, and an audit of one that has fails instead of leaving the frame out.
 */
export async function expectAccessible(page: Page, screen: string, tags?: string[]): Promise<void> {
  expect(
    page.frames().map((frame) => frame.url()),
    `${screen} has frames axe would not audit`,
  ).toHaveLength(1);
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
    const builder = new AxeBuilder({ page }).setLegacyMode();
    TRANSIENT.forEach((selector) => builder.exclude(selector));
    if (dark) builder.withRules(COLOUR_RULES);
    else if (tags) builder.withTags(tags);
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
