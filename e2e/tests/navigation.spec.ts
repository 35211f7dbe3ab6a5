import { APP_TEXTS } from '@couple/protocol/browser';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { signIn } from '../support/flows.js';
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
  await signIn(page, sam, /\/auth\/partner$/);
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
    await signIn(page, alice);
    const layout = new Layout(page);
    await expect(layout.link('inbox')).toHaveText(/^Inbox/);
    await layout.open('inbox');
    await expect(new InboxPage(page).heading).toBeVisible();
    await expect(page).toHaveTitle('Inbox · Couple Desires');
  });
}
