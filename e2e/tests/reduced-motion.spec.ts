import type { Locator } from '@playwright/test';
import { PartnerPage } from '../pages/PartnerPage.js';
import { expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';

function motion(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { animation: style.animationName, transition: style.transitionDuration };
  });
}

test('asking for reduced motion stops the app’s animations and transitions', async ({
  openBrowser,
  backend,
}) => {
  const single = await backend.signUp();
  const page = await openBrowser();
  await openSignedIn(page, single, { landing: /\/auth\/partner$/ });
  const pairing = new PartnerPage(page);
  await pairing.generate();
  // The pulsing dot beside "Waiting for partner to connect..." and a colour-fading button.
  const dot = page.locator('.animate-pulse').first();
  const button = pairing.copyCode;
  expect(await motion(dot)).toMatchObject({ animation: 'pulse' });
  expect((await motion(button)).transition).not.toBe('0s');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion(dot)).toEqual({ animation: 'none', transition: '0s' });
  expect(await motion(button)).toEqual({ animation: 'none', transition: '0s' });
});
