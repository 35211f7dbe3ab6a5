import type { Locale } from '@couple/protocol';
import { ANSWER_NOTE_TEXTS, ERRORS, KEY_TEXTS, OFFLINE_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { InstallCard } from '../pages/InstallCard.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { Outbox } from '../pages/Outbox.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { ProfilePage } from '../pages/ProfilePage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { DESKTOP, MOBILE, expect, test } from '../support/fixtures.js';
import { openSignedIn, utcTime } from '../support/flows.js';
import { ScreenRecorder } from '../support/screens.js';
import { mentioningAnyIn, textIn } from '../support/texts.js';
import { newUser } from '../support/users.js';

/** English, the right-to-left language and one more left-to-right one (issue 28). */
const LOCALES: readonly Locale[] = ['en', 'fr', 'ar'];
const SIZES = [
  { label: 'mobile', mobile: true, size: MOBILE },
  { label: 'desktop', mobile: false, size: DESKTOP },
];

const RUNS = LOCALES.flatMap((locale) => SIZES.map((size) => ({ locale, ...size })));

for (const { locale, label, mobile, size } of RUNS) {
  // English keeps its folders and test names; other languages get their own.
  const english = locale === 'en';
  const folder = `${english ? '' : `${locale}-`}${label}-${size.width}x${size.height}`;
  const inLanguage = english
    ? ''
    : ` in ${new Intl.DisplayNames(['en'], { type: 'language' }).of(locale)}`;
  const t = (id: string, values?: Record<string, number>) => textIn(locale, id, values);

  test(`every screen is captured and passes axe at ${size.width}×${size.height}${inLanguage}`, async ({
    openBrowser,
    backend,
  }) => {
    // Long: every screen is captured and audited by axe twice (light and dark).
    test.setTimeout(600_000);
    const partner = await backend.signUp(newUser('pat'));
    const [page, partnerPage] = await Promise.all([
      openBrowser({ mobile, viewport: size, notifications: true, locale }),
      openBrowser({ locale }),
    ]);
    const shots = new ScreenRecorder(page, folder);

    const welcome = new WelcomePage(page, locale);
    await welcome.goto();
    await shots.capture('welcome');
    await welcome.signUpWithEmail.click();
    await expect(page.getByRole('heading', { name: t('Create your account') })).toBeVisible();
    await shots.capture('email-form');
    const account = newUser();
    await welcome.fill(account);
    await page.getByRole('button', { name: t('Sign Up'), exact: true }).click();

    const onboarding = new OnboardingPage(page, locale);
    await onboarding.expectOpen();
    const me = newUser('sam');
    await onboarding.username.fill(me.username);
    await expect(onboarding.counter).toHaveText(onboarding.counterText(me.username.length));
    await shots.capture('onboarding');
    await onboarding.continue.click();

    const pairing = new PartnerPage(page, locale);
    await pairing.expectOpen();
    await shots.capture('partner-choice');
    await pairing.generate();
    await expect(pairing.countdown).toBeVisible();
    await shots.capture('partner-generate');
    await pairing.backToOptions.click();
    await pairing.openEnter();
    const code = await backend.generateCode(partner);
    await pairing.typeCode(code.slice(0, 6));
    await shots.capture('partner-enter');
    await pairing.codeInput.pressSequentially(code.slice(6));
    await pairing.connect.click();

    const desire = new DesirePage(page, locale);
    await desire.expectOpen();
    await desire.setScores(7, 4);
    await desire.note.fill('Tonight, just us');
    await shots.capture('share-desire');

    const layout = new Layout(page, locale);
    await layout.open('inbox');
    const inbox = new InboxPage(page, locale);
    await expect(inbox.emptyTitle).toBeVisible();
    await shots.capture('inbox-empty');

    await openSignedIn(partnerPage, partner);
    const partnerDesire = new DesirePage(partnerPage, locale);
    const sent = [
      [3, 2, ''],
      [9, 8, 'Can not stop thinking about you'],
    ] as const;
    for (const [index, [intensity, urgency, note]] of sent.entries()) {
      await partnerDesire.sendDesire({ intensity, urgency, note });
      await expect(inbox.cards).toHaveCount(index + 1);
    }
    await expect(inbox.cardWithNote('Can not stop thinking about you')).toContainText(
      mentioningAnyIn(locale, KEY_TEXTS.e2eTag, KEY_TEXTS.legacyTag),
    );
    await shots.capture('inbox-cards');

    await layout.open('profile');
    await new ProfilePage(page, locale).expectOpen(me.username);
    await expect(new ProfilePage(page, locale).counter('Desires Received')).toHaveText('2');
    await shots.capture('profile');

    await layout.open('settings');
    await new SettingsPage(page, locale).expectOpen();
    await expect(new SettingsPage(page, locale).notificationsSwitch).toBeVisible();
    await shots.capture('settings');

    const installCard = new InstallCard(page, locale);
    await installCard.offer();
    const card = installCard.dialog;
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: t('Not now') })).toBeVisible();
    await shots.capture('install-card');
    await card.getByRole('button', { name: t('Not now') }).click();
    await expect(card).toBeHidden();

    const keys = new KeysPages(page, locale);
    await keys.readRecoveryPhrase();
    await shots.capture('recovery-key');
    await keys.openSafetyNumber();
    await shots.capture('safety-number');
    const secondDevice = await openBrowser({ mobile, viewport: size, locale });
    await openSignedIn(secondDevice, account);
    const secondKeys = new KeysPages(secondDevice, locale);
    await secondKeys.openSetup();
    await secondKeys.startLink();
    await keys.openLinkApproval();
    const linkCode = await keys.readApproveCode();
    await expect(secondKeys.linkCode).toHaveText(linkCode);
    await shots.capture('link-this-device', secondDevice);
    await keys.approveCode.scrollIntoViewIfNeeded();
    await shots.capture('approve-link');

    // Added by issue 17: keep them last so the numbers above stay.
    const settings = new SettingsPage(page, locale);
    await settings.askToDisconnect();
    await shots.capture('disconnect-confirm');
    await page.getByRole('button', { name: t('Cancel') }).click();
    await settings.chooseTheme('Dark');
    await settings.themeOption('Dark').scrollIntoViewIfNeeded();
    await shots.capture('settings-dark');
    for (const section of ['desire', 'inbox', 'profile'] as const) {
      await layout.open(section);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shots.capture(`${section}-dark`);
    }
    await settings.page.goto('/settings');
    await settings.chooseTheme('System');

    const sharing = await openBrowser({ mobile, viewport: size, locale });
    await sharing.addInitScript(() => {
      Object.assign(navigator, { share: async () => undefined });
    });
    const single = await backend.signUp(newUser('solo'));
    await openSignedIn(sharing, single, { landing: /\/auth\/partner$/ });
    const sharer = new PartnerPage(sharing, locale);
    await sharer.generate();
    await expect(sharer.shareCode).toBeVisible();
    await sharer.qrCode.scrollIntoViewIfNeeded();
    await shots.capture('partner-share-code', sharing);
    await sharing.emulateMedia({ colorScheme: 'dark' });
    await shots.capture('partner-share-code-dark', sharing);

    // Never lost offline: a desire waiting to send, the offline banner, and a refused send.
    const outbox = new Outbox(page, locale);
    await layout.open('desire');
    await page.context().setOffline(true);
    await new DesirePage(page, locale).sendDesire({
      intensity: 6,
      urgency: 8,
      note: 'See you at eight',
    });
    await expect(outbox.waiting).toHaveCount(1);
    await expect(outbox.offlineBanner).toBeVisible();
    await outbox.waiting.evaluate((item) => item.scrollIntoView({ block: 'center' }));
    await shots.capture('desire-waiting-to-send');
    await layout.open('inbox');
    await new InboxPage(page, locale).sentTab.click();
    await expect(outbox.waiting).toHaveCount(1);
    await shots.capture('sent-waiting-to-send');
    const keyChanged = ERRORS.partner_key_changed;
    await page.route('**/api/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: keyChanged.status,
            json: { error: keyChanged.text, code: 'partner_key_changed' },
          })
        : route.fallback(),
    );
    await page.context().setOffline(false);
    await expect(outbox.failed).toHaveCount(1);
    await shots.capture('sent-not-sent');
    await outbox.discard();
    await expect(outbox.items).toHaveCount(0);

    // Quiet hours: the setting, and what the partner sees before sending.
    await page.unroute('**/api/messages');
    await page.goto('/settings');
    const quietSettings = new SettingsPage(page, locale);
    await quietSettings.setQuietHours(utcTime(-60), utcTime(60));
    await quietSettings.quietHours.scrollIntoViewIfNeeded();
    await shots.capture('settings-quiet-hours');
    await partnerPage.setViewportSize(size);
    await partnerPage.goto('/');
    const quietNotice = partnerPage.getByTestId('partner-quiet');
    await expect(quietNotice).toBeVisible();
    await quietNotice.evaluate((notice) => notice.scrollIntoView({ block: 'center' }));
    await shots.capture('desire-partner-quiet', partnerPage);

    // An answer given offline waits on its desire; signing out then asks first.
    await layout.open('inbox');
    await page.context().setOffline(true);
    const received = new InboxPage(page, locale).cards.first();
    await new InboxPage(page, locale).answerButton(received, 'later').click();
    await expect(received).toContainText(t(OFFLINE_TEXTS.waitingToSend));
    await received.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await shots.capture('inbox-answer-waiting');
    await layout.open('settings');
    await quietSettings.signOut.click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(t(OFFLINE_TEXTS.signOutDiscardsAnswers, { count: 1 }));
    await shots.capture('sign-out-waiting');
    await question.getByRole('button', { name: t('Cancel') }).click();
    await page.context().setOffline(false);

    // An answer with a note, as written and as the partner reads it.
    await layout.open('inbox');
    const answered = inbox.cards.first();
    await expect(answered).not.toContainText(t(OFFLINE_TEXTS.waitingToSend));
    await inbox.openAnswerNote(answered, 'Yes, after the film');
    await answered.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await shots.capture('inbox-answer-note-form');
    await answered.getByRole('button', { name: t(ANSWER_NOTE_TEXTS.send) }).click();
    await expect(answered.getByTestId('answer-note')).toContainText('Yes, after the film');
    await partnerPage.goto('/notifications?view=sent');
    const partnerCard = new InboxPage(partnerPage, locale).cards.first();
    await expect(partnerCard.getByTestId('answer-note')).toContainText('Yes, after the film');
    await partnerCard.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    await shots.capture('sent-answer-note', partnerPage);
  });
}
