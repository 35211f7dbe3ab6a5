import { Layout } from '../pages/Layout.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { DESKTOP, expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';

test('the desktop sidebar fills the window and stays put on a long page', async ({
  openBrowser,
  backend,
}) => {
  const [account] = await backend.couple();
  const page = await openBrowser({ viewport: DESKTOP });
  await openSignedIn(page, account);
  await new Layout(page).open('settings');
  await new SettingsPage(page).expectOpen();
  await expect(page.getByText('v1.0.0', { exact: true })).toBeVisible();
  const sidebar = page.locator('aside').filter({ has: page.getByRole('navigation') });
  const nav = new Layout(page).nav;
  // A picture of the whole page, as a long-page screenshot shows it (the report's view).
  await page.screenshot({ path: 'test-results/e2e/sidebar-full-page.png', fullPage: true });
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(DESKTOP.height);
  expect((await sidebar.boundingBox())?.height).toBe(pageHeight);
  for (const scroll of ['top', 'bottom'] as const) {
    await page.evaluate(
      (to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight),
      scroll,
    );
    await page.screenshot({ path: `test-results/e2e/sidebar-${scroll}.png` });
    // The navigation stays at the top of the window, the panel behind it reaches its bottom.
    expect((await nav.boundingBox())?.y, `navigation, scrolled to the ${scroll}`).toBeLessThan(150);
    const panel = await sidebar.boundingBox();
    expect((panel?.y ?? 1) + (panel?.height ?? 0)).toBeGreaterThanOrEqual(DESKTOP.height);
  }
});
