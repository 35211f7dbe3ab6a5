import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { DesirePage } from '../pages/DesirePage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { newUser } from '../support/users.js';

test('a person shares the pairing code through the share sheet, as a link and a QR code', async ({
  openBrowser,
  backend,
}) => {
  const sam = await backend.signUp(newUser('sam'));
  const page = await openBrowser();
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.assign(navigator, {
      share: async (data: ShareData) => {
        shared.push(data);
      },
    });
  });
  await openSignedIn(page, sam, { landing: /\/auth\/partner$/ });
  const pairing = new PartnerPage(page);
  const code = await pairing.generate();
  const link = `${new URL(page.url()).origin}/auth/partner?code=${code}`;

  await expect(pairing.qrCode).toBeVisible();
  await pairing.copyLink.click();
  await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await pairing.shareCode.click();
  const shared = await page.evaluate(
    () => (window as unknown as { __shared: ShareData[] }).__shared,
  );
  expect(shared).toEqual([expect.objectContaining({ url: link })]);
});

test('the share button is left out where the browser cannot share', async ({
  openBrowser,
  backend,
}) => {
  const sam = await backend.signUp(newUser('sam'));
  const page = await openBrowser();
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await openSignedIn(page, sam, { landing: /\/auth\/partner$/ });
  const pairing = new PartnerPage(page);
  await pairing.generate();
  await expect(pairing.copyLink).toBeVisible();
  await expect(pairing.shareCode).toHaveCount(0);
});

test('a signed-out partner following the link signs up and finds the code filled in', async ({
  openBrowser,
  backend,
}) => {
  const sam = await backend.signUp(newUser('sam'));
  const code = await backend.generateCode(sam);
  const page = await openBrowser({ mobile: true });

  await page.goto(`/auth/partner?code=${code}`);
  await expect(page).toHaveURL(/\/auth\/welcome$/);
  const welcome = new WelcomePage(page);
  await welcome.goto();
  await welcome.signUp(newUser());
  await new OnboardingPage(page).choose(newUser('kim').username);

  const pairing = new PartnerPage(page);
  await pairing.expectCodeFilledIn(code);
  await pairing.connect.click();
  await new DesirePage(page).expectOpen();
});

test('a signed-in person opening the link lands on the filled-in code at once', async ({
  openBrowser,
  backend,
}) => {
  const [sam, kim] = await Promise.all([
    backend.signUp(newUser('sam')),
    backend.signUp(newUser('kim')),
  ]);
  const code = await backend.generateCode(sam);
  const page = await openBrowser();
  await openSignedIn(page, kim, { landing: /\/auth\/partner$/ });

  await page.goto(`/auth/partner?code=${code}`);
  await new PartnerPage(page).expectCodeFilledIn(code);
});
