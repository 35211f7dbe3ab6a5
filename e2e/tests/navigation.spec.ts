import { APP_TEXTS, LOCALES } from '@couple/protocol/browser';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { newUser } from '../support/users.js';

test('the welcome screen says in one sentence how the app works', async ({ openBrowser }) => {
  const page = await openBrowser();
  await new WelcomePage(page).goto();
  await expect(page.getByText(APP_TEXTS.howItWorks)).toBeVisible();
});

test('a person can sign out from the username step', async ({ openBrowser }) => {
  const page = await openBrowser({ mobile: true });
  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.signUp(newUser());
  const onboarding = new OnboardingPage(page);
  await onboarding.signOut.click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/welcome$/);
});

test('a person can sign out from the pairing step', async ({ openBrowser, backend }) => {
  const sam = await backend.signUp(newUser('sam'));
  const page = await openBrowser();
  await openSignedIn(page, sam, { landing: /\/auth\/partner$/ });
  await new PartnerPage(page).signOut.click();
  await expect(toast(page, 'Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/welcome$/);
  await page.goto('/auth/partner');
  await expect(page).toHaveURL(/\/auth\/welcome$/);
});

for (const mobile of [true, false]) {
  test(`the inbox is called Inbox on the ${mobile ? 'tab' : 'sidebar'}, the page and the title`, async ({
    openBrowser,
    backend,
  }) => {
    const [alice] = await backend.couple();
    const page = await openBrowser({ mobile });
    await openSignedIn(page, alice);
    const layout = new Layout(page);
    await expect(layout.link('inbox')).toHaveText(/^Inbox/);
    await layout.open('inbox');
    await expect(new InboxPage(page).heading).toBeVisible();
    await expect(page).toHaveTitle('Inbox · Couple Desires');
  });
}

test('five tabs fit a 360 px phone in every language', async ({ openBrowser, backend }) => {
  // One browser per language, one after the other: near the default minute on a loaded machine.
  test.slow();
  for (const locale of LOCALES) {
    // A new account each time: an account's stored language would win over the browser's.
    const [alice] = await backend.couple();
    const page = await openBrowser({ locale, viewport: { width: 360, height: 740 }, mobile: true });
    await openSignedIn(page, alice);
    const layout = new Layout(page, locale);
    const tabs = layout.tabBar.getByRole('link');
    await expect(tabs).toHaveCount(5);
    await expect(layout.link('wishes')).toBeVisible();
    // Every label stays inside its tab, and every tab inside the screen.
    const overflowing = await tabs.evaluateAll((links) =>
      links
        .filter((link) => {
          const box = link.getBoundingClientRect();
          const label = link.querySelector('span')?.getBoundingClientRect();
          return (
            link.scrollWidth > link.clientWidth ||
            box.left < 0 ||
            box.right > window.innerWidth ||
            !label ||
            label.left < box.left ||
            label.right > box.right
          );
        })
        .map((link) => link.textContent),
    );
    expect(overflowing, locale).toEqual([]);
    await page.screenshot({ path: `test-results/e2e/tabs-360-${locale}.png` });
    await page.context().close();
  }
});
