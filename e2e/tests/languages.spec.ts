import type { Page } from '@playwright/test';
import { ANSWERED_TOAST, ANSWER_TEXTS, TEXTS, type Locale } from '@couple/protocol';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { Layout } from '../pages/Layout.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { DESKTOP, MOBILE, expect, test, toast } from '../support/fixtures.js';
import { expectDocumentLanguage, expectNoLatinWords } from '../support/languages.js';
import { ScreenRecorder } from '../support/screens.js';
import { textIn } from '../support/texts.js';
import { newUser, type Backend, type TestUser } from '../support/users.js';

/** What the French partner types: the one text in Latin letters the Arabic screens may show. */
const NOTE = 'Ce soir, rien que nous deux';

const SIZES = { mobile: MOBILE, desktop: DESKTOP } as const;
type SizeName = keyof typeof SIZES;

/** Each account keeps its own language, which its pushes and e-mails are sent in. */
async function expectStoredLocale(backend: Backend, user: TestUser, locale: Locale) {
  const session = await backend.signIn(user);
  await expect.poll(() => backend.storedLocale(session)).toBe(locale);
}

for (const [frSize, arSize] of [
  ['mobile', 'desktop'],
  ['desktop', 'mobile'],
] as [SizeName, SizeName][]) {
  const fr = SIZES[frSize];
  const ar = SIZES[arSize];
  test(`a French partner and an Arabic partner pair, exchange a desire and an answer, each in their own language (fr ${fr.width}×${fr.height}, ar ${ar.width}×${ar.height})`, async ({
    openBrowser,
    backend,
  }) => {
    // Two sign-ups, pairing, a sealed note and an answer; each Arabic screen is audited by axe.
    test.setTimeout(300_000);
    const open = (locale: Locale, size: SizeName) =>
      openBrowser({ locale, viewport: SIZES[size], mobile: size === 'mobile' });
    const [frPage, arPage] = await Promise.all([open('fr', frSize), open('ar', arSize)]);
    const [frUser, arUser] = [newUser('fr'), newUser('ar')];
    const shots = new ScreenRecorder(arPage, `languages/ar-${arSize}-${ar.width}x${ar.height}`);
    // The Arabic screens may show the two usernames, and the French partner's note.
    const allowed = [frUser.username, arUser.username, NOTE];
    const arabicScreen = async (name: string) => {
      await expectNoLatinWords(arPage, name, allowed);
      await shots.capture(name);
    };

    // Each signs up and chooses a username in their browser's language.
    const signUp = async (page: Page, user: TestUser, locale: Locale, record = false) => {
      const welcome = new WelcomePage(page, locale);
      await welcome.goto();
      await expectDocumentLanguage(page, locale);
      if (record) await arabicScreen('welcome');
      await welcome.signUp(user);
      const onboarding = new OnboardingPage(page, locale);
      await onboarding.expectOpen();
      await onboarding.username.fill(user.username);
      await expect(onboarding.counter).toHaveText(onboarding.counterText(user.username.length));
      if (record) await arabicScreen('onboarding');
      await onboarding.continue.click();
      await new PartnerPage(page, locale).expectOpen();
      await expectDocumentLanguage(page, locale);
    };
    await Promise.all([signUp(frPage, frUser, 'fr'), signUp(arPage, arUser, 'ar', true)]);

    // The French partner generates the code; the Arabic partner enters it.
    const code = await new PartnerPage(frPage, 'fr').generate();
    await expect(new PartnerPage(frPage, 'fr').countdown).toBeVisible();
    const arPairing = new PartnerPage(arPage, 'ar');
    await arabicScreen('partner-choice');
    await arPairing.openEnter();
    await arPairing.typeCode(code.replace('-', ''));
    await arabicScreen('partner-enter');
    await arPairing.connect.click();
    await expect(toast(arPage, textIn('ar', TEXTS.connected))).toBeVisible();
    await expect(toast(frPage, textIn('fr', TEXTS.partnerConnected))).toBeVisible();

    // The French partner sends a desire with a note, sealed end to end.
    const frDesire = new DesirePage(frPage, 'fr');
    await frDesire.expectOpen();
    await new KeysPages(frPage, 'fr').expectEndToEndReady();
    await new DesirePage(arPage, 'ar').expectOpen();
    await arabicScreen('share-desire');
    await frDesire.sendDesire({ intensity: 8, urgency: 6, note: NOTE });
    await expect(toast(frPage, textIn('fr', TEXTS.desireSent))).toBeVisible();

    // The Arabic partner is told in Arabic, reads the card in Arabic and answers.
    await expect(toast(arPage, textIn('ar', TEXTS.newDesireToast))).toBeVisible();
    await new Layout(arPage, 'ar').open('inbox');
    const inbox = new InboxPage(arPage, 'ar');
    await inbox.expectOpen();
    const card = inbox.cardWithNote(NOTE);
    await expect(card).toContainText(textIn('ar', 'From {name}', { name: frUser.username }));
    await expectDocumentLanguage(arPage, 'ar');
    await arabicScreen('inbox-card');
    await inbox.answer(card, 'in');

    // The French partner is told the answer in French (a toast of a few seconds: looked at
    // before the Arabic screen's audit, which takes longer).
    const answer = textIn('fr', ANSWER_TEXTS.in);
    await expect(
      toast(frPage, textIn('fr', ANSWERED_TOAST, { name: arUser.username, answer })),
    ).toBeVisible();
    await expectDocumentLanguage(frPage, 'fr');
    await arabicScreen('inbox-answered');

    await expectStoredLocale(backend, frUser, 'fr');
    await expectStoredLocale(backend, arUser, 'ar');
  });
}
