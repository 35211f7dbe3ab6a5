import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** The impacts that fail an audit. */
const BLOCKING = ['serious', 'critical'];
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

interface Audit {
  exclude: string[][];
  options: axe.RunOptions;
  blocking: string[];
}

/** Runs in the page: axe over the document, the blocking violations as lines of text. */
async function auditInPage({ exclude, options, blocking }: Audit): Promise<string[]> {
  const { axe: engine } = window as unknown as { axe: typeof axe };
  const { violations } = await engine.run({ exclude }, options);
  return violations
    .filter((violation) => blocking.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Fails on any serious or critical axe violation of the screen as shown: every rule (or, with
 * tags, the rules carrying one of them) in the light theme, then the colour rules in the dark
 * one, then restores the theme.
 *
 * axe-core runs in the page, put there once per document: @axe-core/playwright evaluated its
 * 1.3 MB source twice per audit, and for a page with frames it opens a blank page to merge their
 * results. The app's screens have no frame, and an audit of one that has fails instead of leaving
 * the frame out.
 */
export async function expectAccessible(page: Page, screen: string, tags?: string[]): Promise<void> {
  expect(
    page.frames().map((frame) => frame.url()),
    `${screen} has frames axe would not audit`,
  ).toHaveLength(1);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Colours are audited as they end, not mid-fade (buttons have transition-colors): transitions
  // are off while the theme is switched, so each switch shows its final colours at once.
  const wasDark = await page.evaluate(() => {
    const still = document.createElement('style');
    still.id = 'axe-audit-still';
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    return document.documentElement.classList.contains('dark');
  });
  const exclude = TRANSIENT.map((selector) => [selector]);
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const options: axe.RunOptions = dark
      ? { runOnly: { type: 'rule', values: COLOUR_RULES } }
      : tags
        ? { runOnly: { type: 'tag', values: tags } }
        : {};
    const blocking = await page.evaluate(auditInPage, { exclude, options, blocking: BLOCKING });
    expect(blocking, `${screen} in the ${dark ? 'dark' : 'light'} theme`).toEqual([]);
  }
  await page.evaluate((on) => {
    document.documentElement.classList.toggle('dark', on);
    document.getElementById('axe-audit-still')?.remove();
  }, wasDark);
}
