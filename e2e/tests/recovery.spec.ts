import { ForgotPasswordPage, ResetPasswordPage } from '../pages/RecoveryPages.js';
import { DesirePage } from '../pages/DesirePage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { linkOf, mailTo } from '../support/mailbox.js';
import { openSignedIn, signIn } from '../support/flows.js';

test('user who forgot their password resets it and signs in', async ({ openBrowser, backend }) => {
  const [alice] = await backend.couple();
  const page = await openBrowser({ mobile: true });
  // Another device of Alice's stays signed in until the reset.
  const otherDevice = await openBrowser();
  await openSignedIn(otherDevice, alice);

  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.signInWithEmail.click();
  await welcome.email.fill(alice.email);
  await welcome.forgotPassword.click();
  const forgot = new ForgotPasswordPage(page);
  await forgot.expectOpen();
  // What was typed in the sign-in form comes along.
  await expect(page.getByLabel('Email')).toHaveValue(alice.email);
  await forgot.askForResetLink(alice.email);

  // The link arrives over SMTP; its token rides in the fragment.
  const mail = await mailTo(alice.email);
  expect(mail.subject).toBe('Choose a new password');
  const link = new URL(linkOf(mail));
  expect(link.pathname).toBe('/auth/reset-password');
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page).toHaveURL(/\/auth\/reset-password$/);

  const reset = new ResetPasswordPage(page);
  await reset.chooseNewPassword('my new secret', 'my new secrte');
  await expect(reset.error).toHaveText('Passwords do not match');
  await reset.chooseNewPassword('my new secret');
  await expect(toast(page, 'Password changed successfully!')).toBeVisible();
  await new DesirePage(page).expectOpen();

  // The other device was signed out; the old password no longer works, the new one does.
  await otherDevice.goto('/profile');
  await expect(otherDevice).toHaveURL(/\/auth\/welcome$/);
  const otherWelcome = new WelcomePage(otherDevice);
  await otherWelcome.submitSignIn(alice);
  await expect(otherWelcome.error).toHaveText('Invalid email or password');
  await otherWelcome.back.click();
  await signIn(otherDevice, { email: alice.email, password: 'my new secret' });

  // The link worked once.
  await page.goto(`${link.pathname}${link.hash}`);
  await reset.chooseNewPassword('another secret');
  await expect(reset.error).toHaveText('Invalid or expired password reset link');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
