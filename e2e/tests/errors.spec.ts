import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expirePairingCode } from '../support/database.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { newUser } from '../support/users.js';

test('signing in with a wrong password shows the error and keeps the form', async ({
  openBrowser,
  backend,
}) => {
  const user = await backend.signUp();
  const page = await openBrowser();
  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.submitSignIn({ email: user.email, password: 'not the password' });
  await expect(welcome.error).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/auth\/welcome$/);
  await expect(welcome.password).toBeVisible();

  // Back, then the right password: in.
  await welcome.back.click();
  await expect(welcome.signUpWithEmail).toBeVisible();
  await welcome.submitSignIn(user);
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await new PartnerPage(page).expectOpen();
});

test('choosing a username someone has taken shows "Username already taken"', async ({
  openBrowser,
  backend,
}) => {
  const taken = await backend.signUp();
  const page = await openBrowser({ mobile: true });
  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.signUp(newUser());
  const onboarding = new OnboardingPage(page);
  await onboarding.username.fill(taken.username.toUpperCase());
  await onboarding.continue.click();
  await expect(onboarding.error).toHaveText('Username already taken');
  await onboarding.expectOpen();

  await onboarding.choose(`${taken.username.slice(0, 15)}_two`);
  await new PartnerPage(page).expectOpen();
});

test('entering a code that does not exist shows "Invalid pairing code"', async ({
  openBrowser,
  backend,
}) => {
  const user = await backend.signUp();
  const page = await openBrowser();
  await openSignedIn(page, user, { landing: /\/auth\/partner$/ });
  const partner = new PartnerPage(page);
  await partner.openEnter();
  await partner.typeCode('zzzz-zzzz');
  await partner.connect.click();
  await expect(partner.error).toHaveText('Invalid pairing code');
  await expect(page).toHaveURL(/\/auth\/partner$/);

  await partner.backToOptions.click();
  await expect(partner.generateButton).toBeVisible();
});

test('a pairing code is cleared when its countdown runs out', async ({ openBrowser, backend }) => {
  const user = await backend.signUp();
  const page = await openBrowser();
  await page.clock.install();
  await openSignedIn(page, user, { landing: /\/auth\/partner$/ });
  const partner = new PartnerPage(page);
  const code = await partner.generate();
  await expect(partner.countdown).toHaveText(/^Expires in (15:00|14:[0-5]\d)$/);

  await page.clock.fastForward('14:00');
  await expect(partner.countdown).toHaveText(/^Expires in 0:\d\d$/);
  await page.clock.fastForward('01:01');
  await expect(partner.code).toBeHidden();
  await expect(page.getByText('This code has expired.')).toBeVisible();
  await expect(page.getByText(code)).toBeHidden();

  // Back to the server's time, a new code lives its fifteen minutes again. The clock is paused
  // first: at the countdown's next tick the old code would be live again on the turned-back
  // clock, and the button gone before the click. It is paused minutes ahead, not a second: the
  // page's clock runs on while the call travels, and on a loaded machine a second had passed
  // ("Cannot fast-forward to the past"). The code is expired either way.
  await page.clock.pauseAt(new Date(await page.evaluate(() => Date.now() + 5 * 60_000)));
  await page.clock.setSystemTime(new Date());
  await page.getByRole('button', { name: 'Generate New Code' }).click();
  await page.clock.resume();
  await expect(partner.code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(partner.code).not.toHaveText(code);
  await expect(partner.countdown).toHaveText(/^Expires in (15:00|14:[0-5]\d)$/);
});

const databaseUrl = process.env.E2E_DATABASE_URL;

test('entering an expired code shows "This pairing code has expired" (PostgreSQL only, needs TEST_DATABASE_URL)', async ({
  openBrowser,
  backend,
}) => {
  test.skip(
    !databaseUrl,
    'needs TEST_DATABASE_URL: the PGlite server process owns its database, so only on PostgreSQL can the test move the expiry into the past',
  );
  const [owner, redeemer] = await Promise.all([backend.signUp(), backend.signUp()]);
  const code = await backend.generateCode(owner);
  expect(await expirePairingCode(databaseUrl ?? '', code)).toBe(1);

  const page = await openBrowser({ mobile: true });
  await openSignedIn(page, redeemer, { landing: /\/auth\/partner$/ });
  const partner = new PartnerPage(page);
  await partner.openEnter();
  await partner.typeCode(code);
  await partner.connect.click();
  await expect(partner.error).toHaveText('This pairing code has expired');
  await expect(page).toHaveURL(/\/auth\/partner$/);
});

test('a sign-in the server refuses for load is sent again, with a calm "trying again"', async ({
  openBrowser,
  backend,
}) => {
  const user = await backend.signUp();
  const page = await openBrowser({ mobile: true });
  // The server sheds the first attempt as it does under load: 503 server_busy, Retry-After 1.
  let refused = 0;
  await page.route('**/api/auth/login', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'The server is busy: try again in a moment',
        code: 'server_busy',
      }),
    });
  });
  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.submitSignIn(user);
  await expect(page.getByTestId('busy-notice')).toHaveText('The server is busy: trying again…');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await new PartnerPage(page).expectOpen();
  await expect(page.getByTestId('busy-notice')).toBeHidden();
  expect(refused).toBe(1);
  await expect(page.getByText('The server is busy: try again in a moment')).toBeHidden();
});
