import { Layout } from '../pages/Layout.js';
import { SignInDetails } from '../pages/SignInDetails.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn, signIn } from '../support/flows.js';
import { linkOf, mailTo } from '../support/mailbox.js';

test('a user changes username, password and email in settings', async ({
  openBrowser,
  backend,
}) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  const otherDevice = await openBrowser();
  await Promise.all([openSignedIn(page, alice), openSignedIn(otherDevice, alice)]);
  await new Layout(page).open('settings');
  const details = new SignInDetails(page);

  // Onboarding's rule and texts.
  await details.changeUsername('user_taken');
  await expect(details.error).toHaveText("Username must not start with 'user_'");
  const username = `${alice.username.slice(0, 14)}_new`;
  await details.section.getByLabel('New username').fill(username);
  await details.section.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Username changed successfully')).toBeVisible();
  await expect(details.section).toContainText(`@${username}`);

  await details.changePassword('not my password', 'changed secret');
  await expect(details.error).toHaveText('Current password is incorrect');
  await details.section.getByLabel('Current password').fill(alice.password);
  await details.section.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  // This device stays signed in; the other one is signed out.
  await page.reload();
  await expect(details.section).toContainText(`@${username}`);
  await otherDevice.goto('/profile');
  await expect(otherDevice).toHaveURL(/\/auth\/welcome$/);

  const newEmail = `moved.${alice.username}@example.org`;
  await details.changeEmail(newEmail, 'changed secret');
  const notice = await mailTo(alice.email);
  expect(notice.text).toContain(newEmail);
  const link = new URL(linkOf(await mailTo(newEmail)));
  await otherDevice.goto(`${link.pathname}${link.search}`);
  await expect(otherDevice).toHaveURL(/\/auth\/email-changed$/);
  await expect(otherDevice.getByRole('heading', { name: 'Email changed' })).toBeVisible();

  await otherDevice.getByRole('link', { name: 'Open the app' }).click();
  await expect(otherDevice).toHaveURL(/\/auth\/welcome$/);
  const welcome = new WelcomePage(otherDevice);
  await welcome.submitSignIn({ email: alice.email, password: 'changed secret' });
  await expect(welcome.error).toHaveText('Invalid email or password');
  await welcome.back.click();
  await signIn(otherDevice, { email: newEmail, password: 'changed secret' });
});
