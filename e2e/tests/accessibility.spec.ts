import type { Page } from '@playwright/test';
import { ForgotPasswordPage } from '../pages/RecoveryPages.js';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { ProfilePage } from '../pages/ProfilePage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { WCAG_AA_TAGS, expectAccessible } from '../support/axe.js';
import { DESKTOP, MOBILE, expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { newUser, type ApiUser, type TestUser } from '../support/users.js';

/** The person signed up through the form: their id and token, as the app stored them. */
async function apiUserOf(page: Page, user: TestUser): Promise<ApiUser> {
  const session = await page.evaluate(() => localStorage.getItem('couple-desires.session'));
  const { access_token: token, user: stored } = JSON.parse(session ?? '{}') as {
    access_token: string;
    user: { id: string };
  };
  return { ...user, id: stored.id, token };
}

/** Axe with the WCAG 2.2 AA rules only, in the light and the dark theme. */
const audit = (page: Page, screen: string) => expectAccessible(page, screen, WCAG_AA_TAGS);

for (const { label, mobile, size } of [
  { label: 'a phone', mobile: true, size: MOBILE },
  { label: 'a desktop', mobile: false, size: DESKTOP },
]) {
  test(`every screen meets WCAG 2.2 AA on ${label}, light and dark`, async ({
    openBrowser,
    backend,
  }) => {
    // Long: some twenty screens, each audited twice.
    test.setTimeout(300_000);
    const page = await openBrowser({ mobile, viewport: size });
    const welcome = new WelcomePage(page);
    await welcome.goto();
    await audit(page, 'welcome');
    await welcome.signInWithEmail.click();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await audit(page, 'sign-in form');
    await page.goto('/auth/forgot-password');
    await new ForgotPasswordPage(page).expectOpen();
    await audit(page, 'forgot password');
    await page.goto('/auth/reset-password#token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await audit(page, 'reset password');

    await welcome.goto();
    await welcome.signUpWithEmail.click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await audit(page, 'sign-up form');
    const account = newUser('ally');
    await welcome.fill(account);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const onboarding = new OnboardingPage(page);
    await onboarding.expectOpen();
    await onboarding.username.fill(account.username);
    await audit(page, 'onboarding');
    await onboarding.continue.click();

    const pairing = new PartnerPage(page);
    await pairing.expectOpen();
    await audit(page, 'partner choice');
    await pairing.generate();
    await audit(page, 'partner code shown');
    await pairing.backToOptions.click();
    await pairing.openEnter();
    const partner = await backend.signUp(newUser('pal'));
    await pairing.typeCode(await backend.generateCode(partner));
    await audit(page, 'partner code entered');
    await pairing.connect.click();
    // The partner's browser publishes their key: the safety number needs it.
    await openSignedIn(await openBrowser(), partner);

    const me = await apiUserOf(page, account);
    const desire = new DesirePage(page);
    await desire.expectOpen();
    await audit(page, 'desire');
    await desire.sendDesire({ intensity: 6, urgency: 3 });
    await expect.poll(async () => (await backend.receivedIds(partner)).length).toBe(1);
    await backend.answer(partner, (await backend.receivedIds(partner))[0] ?? '', 'later');

    await backend.sendDesire(partner, me, 8);
    const layout = new Layout(page);
    await layout.open('inbox');
    const inbox = new InboxPage(page);
    await inbox.answer(inbox.cards.first(), 'in');
    await audit(page, 'inbox received, answered');
    await inbox.sentTab.click();
    await expect(inbox.cards.first()).toContainText('Later');
    await audit(page, 'inbox sent, answered');

    await layout.open('profile');
    await new ProfilePage(page).expectOpen(account.username);
    await audit(page, 'profile');
    await layout.open('settings');
    const settings = new SettingsPage(page);
    await settings.expectOpen();
    await audit(page, 'settings');
    await settings.askToDisconnect();
    await audit(page, 'disconnect question');
    await page.keyboard.press('Escape');

    const keys = new KeysPages(page);
    await keys.readRecoveryPhrase();
    await audit(page, 'recovery key');
    await keys.openSafetyNumber();
    await audit(page, 'safety number');

    const secondDevice = await openBrowser({ mobile, viewport: size });
    await openSignedIn(secondDevice, account);
    const setup = new KeysPages(secondDevice);
    await setup.openSetup();
    await audit(secondDevice, 'key setup');
    await setup.startLink();
    await audit(secondDevice, 'key setup, linking');
  });
}

test('the audit fails a screen that breaks a rule, in the light theme or only in the dark', async ({
  page,
}) => {
  const screen = (body: string) =>
    page.setContent(
      `<!doctype html><html lang="en"><head><title>Audit</title>
      <style>p { color: #111; background: #fff } .dark p.faint { color: #333; background: #222 }</style>
      </head><body><main><h1>Audit</h1>${body}</main></body></html>`,
    );
  await screen('<p>Readable in both themes</p>');
  await expectAccessible(page, 'a clean screen');
  await screen('<p>Readable</p><input type="checkbox">');
  await expect(expectAccessible(page, 'an unnamed checkbox')).rejects.toThrow(
    /an unnamed checkbox in the light theme[\s\S]*label/,
  );
  await screen('<p class="faint">Readable in the light theme only</p>');
  await expect(expectAccessible(page, 'a faint paragraph')).rejects.toThrow(
    /a faint paragraph in the dark theme[\s\S]*color-contrast/,
  );
});
