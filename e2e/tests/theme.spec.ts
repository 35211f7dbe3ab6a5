import { Layout } from '../pages/Layout.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';

const isDark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('the app follows a dark system setting', async ({ openBrowser, backend }) => {
  const [alice] = await backend.couple();
  const page = await openBrowser();
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignedIn(page, alice);
  expect(await isDark(page)).toBe(true);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
});

test('a person picks dark in settings and it holds, from the first paint, after a reload', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignedIn(page, alice);
  await new Layout(page).open('settings');
  const settings = new SettingsPage(page);
  await settings.chooseTheme('Dark');
  await expect.poll(() => isDark(page)).toBe(true);
  // The chosen option stands out in the dark theme too.
  const optionBackground = (label: 'Light' | 'Dark') =>
    settings
      .themeOption(label)
      .locator('..')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await optionBackground('Dark')).not.toBe(await optionBackground('Light'));

  // Without the app's script the page still paints dark: the choice is applied before it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  expect(await isDark(page)).toBe(true);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 241, 242)');

  await page.unroute('**/assets/*.js');
  await page.reload();
  await settings.chooseTheme('Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await settings.expectOpen();
  expect(await isDark(page)).toBe(false);
});
