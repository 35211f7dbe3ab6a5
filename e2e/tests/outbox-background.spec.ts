import { english } from '@couple/protocol';
import type { Page } from '@playwright/test';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { Layout } from '../pages/Layout.js';
import { Outbox } from '../pages/Outbox.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';

/** What the outbox holds in IndexedDB, whoever it belongs to. */
function storedOutboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('couple-desires-outbox');
        request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
        request.onsuccess = () => {
          const count = request.result.transaction('desires').objectStore('desires').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
      }),
  );
}

test('a desire queued in a closed tab is sent by Background Sync alone', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const alicePage = await openBrowser({ serviceWorker: true });
  const context = alicePage.context();
  // The server cannot be reached for sending: no live channel, and the HTTP send fails.
  await context.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  const unreachable = '**/api/messages';
  await context.route(unreachable, (route) => route.abort('internetdisconnected'));
  await openSignedIn(alicePage, alice, { live: false });
  const outbox = new Outbox(alicePage);
  await outbox.waitUntilAvailableOffline();
  await new DesirePage(alicePage).sendDesire({ intensity: 6, urgency: 2, note: 'From the train' });
  await expect(outbox.waiting).toHaveCount(1);

  // The tab leaves the app: only the service worker is left to send it, when the browser asks.
  await alicePage.goto('about:blank');
  await context.unroute(unreachable);
  expect(await backend.receivedIds(bob)).toEqual([]);
  const cdp = await context.newCDPSession(alicePage);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((entry) => !entry.isDeleted);
      if (found) resolve(found);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(scopeURL).origin,
    registrationId,
    tag: 'outbox',
    lastChance: false,
  });

  await expect.poll(() => backend.receivedIds(bob)).toHaveLength(1);
  await alicePage.goto(scopeURL);
  await expect.poll(() => storedOutboxCount(alicePage)).toBe(0);
  expect(await backend.receivedIds(bob)).toHaveLength(1);
});

test('signing out with a desire waiting asks first, then discards it', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const alicePage = await openBrowser({ mobile: true, serviceWorker: true });
  await openSignedIn(alicePage, alice);
  const outbox = new Outbox(alicePage);
  await outbox.waitUntilAvailableOffline();
  await alicePage.context().setOffline(true);
  await new DesirePage(alicePage).sendDesire({ intensity: 4, urgency: 4, note: 'Not yet sent' });
  await expect(outbox.waiting).toHaveCount(1);

  await new Layout(alicePage).open('settings');
  const settings = new SettingsPage(alicePage);
  await settings.signOut.click();
  const question = alicePage.getByRole('alertdialog');
  await expect(question).toContainText(OFFLINE_TEXTS.signOutQuestion);
  await expect(question).toContainText(english(OFFLINE_TEXTS.signOutDiscardsDesires, { count: 1 }));
  await expect(question).toBeInViewport({ ratio: 1 });
  await alicePage.screenshot({ path: test.info().outputPath('sign-out-waiting-phone.png') });

  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await storedOutboxCount(alicePage)).toBe(1);

  await settings.signOut.click();
  await alicePage.getByRole('button', { name: OFFLINE_TEXTS.signOutAnyway }).click();
  await new WelcomePage(alicePage).expectOpen();
  expect(await storedOutboxCount(alicePage)).toBe(0);

  await alicePage.context().setOffline(false);
  await openSignedIn(alicePage, alice);
  await expect(outbox.items).toHaveCount(0);
  expect(await backend.receivedIds(bob)).toEqual([]);
});
