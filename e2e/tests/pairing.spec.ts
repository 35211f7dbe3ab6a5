import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { DesirePage } from '../pages/DesirePage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { recordTexts } from '../support/flows.js';
import { newUser } from '../support/users.js';

test('two people sign up, choose usernames and pair with a code', async ({ openBrowser }) => {
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser({ mobile: true })]);
  const alice = newUser('alice');
  const bob = newUser('bob');

  for (const [page, user] of [
    [alicePage, alice],
    [bobPage, bob],
  ] as const) {
    const welcome = new WelcomePage(page);
    await welcome.goto();
    await expect(welcome.privacyPolicy).toBeVisible();
    await expect(welcome.termsOfService).toBeVisible();
    await welcome.signUp(user);
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
  }

  const onboarding = new OnboardingPage(alicePage);
  await onboarding.expectOpen();
  await expect(onboarding.counter).toHaveText('0/20 characters');
  await expect(onboarding.continue).toBeDisabled();
  await onboarding.username.fill('ab');
  await expect(onboarding.counter).toHaveText('2/20 characters');
  await expect(onboarding.continue).toBeDisabled();
  await onboarding.username.fill('abc');
  await expect(onboarding.counter).toHaveText('3/20 characters');
  await expect(onboarding.continue).toBeEnabled();
  await onboarding.choose(alice.username);
  await expect(toast(alicePage, 'Username set successfully')).toBeVisible();
  await new OnboardingPage(bobPage).choose(bob.username);

  // Alice generates a code and shares it.
  const aliceSide = new PartnerPage(alicePage);
  await expect(aliceSide.privacyBox).toContainText('No usernames are shared during pairing');
  await expect(aliceSide.privacyBox).toContainText('Codes expire in 15 minutes');
  const countdownTexts = await recordTexts(alicePage, 'p');
  const code = await aliceSide.generate();
  await expect(toast(alicePage, 'Pairing code generated!')).toBeVisible();
  await expect(aliceSide.countdown).toHaveText(/^Expires in (15:00|14:[0-5]\d)$/);
  await expect(aliceSide.waiting).toBeVisible();
  // Never more than the fifteen minutes a code lives, not even for one frame.
  const shown = (await countdownTexts()).filter((text) => text.startsWith('Expires in'));
  expect(shown.length).toBeGreaterThan(0);
  for (const text of shown) expect(text).toMatch(/^Expires in (15:00|14:[0-5]\d)$/);
  await aliceSide.copyCode.click();
  await expect(toast(alicePage, 'Code copied to clipboard!')).toBeVisible();
  expect(await alicePage.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // Bob types it in lower case; the field forces upper case; Connect waits for 8 characters.
  const bobSide = new PartnerPage(bobPage);
  await bobSide.openEnter();
  await expect(bobSide.connect).toBeDisabled();
  const typed = code.replace('-', '').toLowerCase();
  await bobSide.typeCode(typed.slice(0, 7));
  await expect(bobSide.codeInput).toHaveValue(typed.slice(0, 7).toUpperCase());
  await expect(bobSide.connect).toBeDisabled();
  await bobSide.codeInput.pressSequentially(typed.slice(7));
  await expect(bobSide.codeInput).toHaveValue(typed.toUpperCase());
  await expect(bobSide.connect).toBeEnabled();
  await bobSide.connect.click();
  await expect(toast(bobPage, 'Connected successfully!')).toBeVisible();
  await new DesirePage(bobPage).expectOpen();

  // Alice, still looking at her code, is moved on by herself.
  await expect(toast(alicePage, 'Partner connected successfully!')).toBeVisible();
  await new DesirePage(alicePage).expectOpen();
});
