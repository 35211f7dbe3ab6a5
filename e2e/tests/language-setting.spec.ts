import { translate } from '@couple/protocol';
import { APP_TEXTS } from '@couple/protocol/browser';
import { LanguageSetting } from '../pages/LanguageSetting.js';
import { Layout } from '../pages/Layout.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { isApiCall } from '../support/api-route.js';

test('a person switches the app to French, it is saved on the account and holds after a reload', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser();
  await openSignedIn(page, alice);
  await new Layout(page).open('settings');
  const settings = new SettingsPage(page);
  await settings.expectOpen();
  const language = new LanguageSetting(page);
  await language.expectLanguage('en');
  // Each language is named in itself, with its own `lang` for screen readers.
  await expect(language.select.locator('option[value="ar"]')).toHaveAttribute('lang', 'ar');

  const saved = page.waitForRequest((request) => isApiCall(request, 'setLocale'));
  await language.choose('fr');
  expect((await saved).postDataJSON()).toEqual({ locale: 'fr' });
  const frenchHeading = page.getByRole('heading', {
    name: translate('fr', 'Settings'),
    exact: true,
  });
  await expect(frenchHeading).toBeVisible();
  // A section title already translated: the page really is in French, not in English ids.
  const appearance = translate('fr', APP_TEXTS.themeTitle);
  expect(appearance).not.toBe(APP_TEXTS.themeTitle);
  await expect(page.getByRole('heading', { name: appearance, exact: true })).toBeVisible();

  await page.reload();
  await language.expectLanguage('fr');
  await expect(frenchHeading).toBeVisible();

  await language.choose('en');
  await expect(settings.heading).toBeVisible();
});

test('in Arabic the page reads right to left and the sliders start from the right', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  await openSignedIn(page, alice);
  await new Layout(page).open('settings');
  const language = new LanguageSetting(page);
  await language.choose('ar');
  await expect(language.html).toHaveAttribute('dir', 'rtl');

  await page.goto('/');
  const slider = page.getByRole('slider').first();
  await expect(slider).toBeVisible();
  // The native range flips (its minimum on the right) and the low label sits at that end.
  expect(await slider.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
  const ends = page.getByTestId('score-ends').first().locator('span');
  const low = await ends.nth(0).boundingBox();
  const high = await ends.nth(1).boundingBox();
  expect(low && high && low.x > high.x).toBe(true);
});
