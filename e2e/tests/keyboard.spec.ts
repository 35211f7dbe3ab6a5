import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { InstallCard } from '../pages/InstallCard.js';
import { KeyboardUser } from '../pages/KeyboardUser.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import type { Page } from '@playwright/test';
import { expect, test, toast, type BrowserOptions } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { newUser, type Backend, type TestUser } from '../support/users.js';

/** Signs in from the welcome screen with the keyboard alone. */
async function signInByKeyboard(keyboard: KeyboardUser, user: TestUser): Promise<void> {
  const welcome = new WelcomePage(keyboard.page);
  await welcome.goto();
  await keyboard.activate(welcome.signInWithEmail);
  await keyboard.type(welcome.email, user.email);
  await keyboard.type(welcome.password, user.password);
  await keyboard.page.keyboard.press('Enter');
  await expect(toast(keyboard.page, 'Signed in successfully!')).toBeVisible();
}

/** One partner of a new couple, signed in by keyboard in a desktop browser. */
async function keyboardPartner(
  openBrowser: (options?: BrowserOptions) => Promise<Page>,
  backend: Backend,
): Promise<KeyboardUser> {
  const [account] = await backend.couple();
  const keyboard = new KeyboardUser(await openBrowser());
  await signInByKeyboard(keyboard, account);
  return keyboard;
}

test('a couple signs up, pairs, sends and answers a desire with the keyboard alone', async ({
  openBrowser,
  backend,
}) => {
  test.setTimeout(180_000);
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser({ mobile: true })]);
  const alice = new KeyboardUser(alicePage);
  const bob = new KeyboardUser(bobPage);

  // Sign-up and onboarding.
  const aliceAccount = newUser('kay');
  const welcome = new WelcomePage(alicePage);
  await welcome.goto();
  await alice.activate(welcome.signUpWithEmail);
  await alice.type(welcome.email, aliceAccount.email);
  await alice.type(welcome.password, aliceAccount.password);
  await alice.activate(alicePage.getByRole('button', { name: 'Sign Up', exact: true }));
  const onboarding = new OnboardingPage(alicePage);
  await onboarding.expectOpen();
  await alice.type(onboarding.username, aliceAccount.username);
  await alicePage.keyboard.press('Enter');

  // Pairing: Alice shows a code, Bob types it.
  const alicePairing = new PartnerPage(alicePage);
  await alicePairing.expectOpen();
  await alice.activate(alicePairing.generateButton);
  await expect(alicePairing.code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const code = (await alicePairing.code.textContent()) ?? '';
  const bobAccount = await backend.signUp(newUser('kim'));
  await signInByKeyboard(bob, bobAccount);
  const bobPairing = new PartnerPage(bobPage);
  await bobPairing.expectOpen();
  await bob.activate(bobPairing.enterButton);
  await bob.type(bobPairing.codeInput, code);
  await bobPage.keyboard.press('Enter');
  const aliceDesire = new DesirePage(alicePage);
  await aliceDesire.expectOpen();
  await new DesirePage(bobPage).expectOpen();

  // A desire, its sliders set by the arrow keys.
  await alice.tabTo(aliceDesire.intensity);
  const start = Number(await aliceDesire.intensity.inputValue());
  await alice.press('ArrowRight', 3);
  await expect(aliceDesire.intensity).toHaveValue(String(start + 3));
  await alice.tabTo(aliceDesire.urgency);
  await alice.press('End');
  await alice.press('ArrowLeft');
  await expect(aliceDesire.urgency).toHaveValue('9');
  await alice.type(aliceDesire.note, 'Keys only tonight');
  await alice.activate(aliceDesire.send);

  // Bob answers it from his inbox.
  await bob.activate(new Layout(bobPage).link('inbox'));
  const inbox = new InboxPage(bobPage);
  await expect(inbox.cards).toHaveCount(1);
  const inButton = inbox.cards.first().getByRole('button', { name: 'I’m in' });
  await bob.tabTo(inButton);
  await bobPage.keyboard.press('Space');
  await expect(inButton).toHaveAttribute('aria-pressed', 'true');
  await expect(toast(alicePage, 'I’m in')).toBeVisible();
});

test('settings work by keyboard: the theme, and a disconnect question that traps focus', async ({
  openBrowser,
  backend,
}) => {
  const keyboard = await keyboardPartner(openBrowser, backend);
  const page = keyboard.page;
  await keyboard.activate(new Layout(page).link('settings'));
  const settings = new SettingsPage(page);
  await settings.expectOpen();

  // A radio group: Tab reaches the chosen option, the arrows move the choice.
  await keyboard.tabTo(settings.themeOption('System'));
  await keyboard.press('ArrowRight', 2);
  await expect(settings.themeOption('Dark')).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await keyboard.expectFocusVisible();

  await keyboard.activate(settings.disconnect);
  const dialog = settings.disconnectDialog;
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  await keyboard.expectFocused(cancel);
  // Tab and Shift+Tab stay inside the open question.
  await keyboard.press('Tab', 2);
  await keyboard.expectFocused(cancel);
  await keyboard.press('Shift+Tab');
  await keyboard.expectFocused(settings.confirmDisconnect);
  // Escape closes it and gives focus back to the button that asked.
  await keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await keyboard.expectFocused(settings.disconnect);
  // So does Cancel, pressed with Enter.
  await keyboard.press('Enter');
  await keyboard.expectFocused(cancel);
  await keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await keyboard.expectFocused(settings.disconnect);
});

test('a second device is set up and linked with the keyboard alone', async ({
  openBrowser,
  backend,
}) => {
  // Two or three browsers and their key work: over the default minute on a loaded machine.
  test.slow();
  const [account, partner] = await backend.couple();
  const [first, second, partnerPage] = await Promise.all([
    openBrowser(),
    openBrowser(),
    openBrowser(),
  ]);
  // Set-up, not under test: the partner's browser publishes their key.
  await openSignedIn(partnerPage, partner);
  const firstKeyboard = new KeyboardUser(first);
  const secondKeyboard = new KeyboardUser(second);
  await signInByKeyboard(firstKeyboard, account);
  await new KeysPages(first).expectEndToEndReady();

  await signInByKeyboard(secondKeyboard, account);
  const setup = new KeysPages(second);
  await secondKeyboard.activate(setup.banner.getByRole('link', { name: KEY_TEXTS.setupAction }));
  await expect(second).toHaveURL(/\/keys\/setup$/);
  await secondKeyboard.activate(second.getByRole('button', { name: KEY_TEXTS.linkOption }));
  await expect(second.getByText(KEY_TEXTS.linkWaiting)).toBeVisible();

  const approver = new KeysPages(first);
  await approver.openLinkApproval();
  const code = await approver.readApproveCode();
  expect(await setup.readLinkCode()).toBe(code);
  await firstKeyboard.activate(first.getByRole('button', { name: KEY_TEXTS.approveAction }));
  await expect(first.getByText(KEY_TEXTS.approved)).toBeVisible();
  await expect(setup.banner).toBeHidden({ timeout: 15_000 });
});

test('the install card keeps Tab inside once entered, and Escape closes it', async ({
  openBrowser,
  backend,
}) => {
  const keyboard = await keyboardPartner(openBrowser, backend);
  const page = keyboard.page;
  const card = new InstallCard(page);
  await card.offer();
  await expect(card.dialog).toBeVisible();
  // It appeared on its own: focus stays where the person was.
  await expect(card.dialog.locator(':focus')).toHaveCount(0);

  await keyboard.tabTo(card.close, { backwards: true });
  await keyboard.press('Tab', 3);
  await keyboard.expectFocused(card.close);
  await keyboard.press('Shift+Tab');
  await keyboard.expectFocused(card.dialog.getByRole('button', { name: 'Install' }));
  await keyboard.press('Escape');
  await expect(card.dialog).toBeHidden();
});
