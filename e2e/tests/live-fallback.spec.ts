import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { Layout } from '../pages/Layout.js';
import { expect, test, toast } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { isApiCall } from '../support/api-route.js';

test('a desire sent with the live channel down goes over HTTP and still arrives', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  const [alicePage, bobPage] = await Promise.all([openBrowser(), openBrowser()]);

  // Alice's live channel can never connect: WebSocket closed, long-polling refused.
  const liveAttempts: string[] = [];
  await alicePage.routeWebSocket(/\/socket\.io\//, (socket) => {
    liveAttempts.push(socket.url());
    void socket.close();
  });
  await alicePage.route(/\/socket\.io\//, (route) => {
    liveAttempts.push(route.request().url());
    return route.abort();
  });
  await Promise.all([openSignedIn(alicePage, alice, { live: false }), openSignedIn(bobPage, bob)]);
  await new Layout(bobPage).open('inbox');
  await new InboxPage(bobPage).expectOpen();
  await expect.poll(() => liveAttempts.length).toBeGreaterThan(0);

  const posted = alicePage.waitForRequest((request) => isApiCall(request, 'sendDesire'));
  const note = 'Sent the slow way';
  await new DesirePage(alicePage).sendDesire({ intensity: 6, urgency: 7, note });
  expect((await posted).postDataJSON()).toMatchObject({ intensity: 6, encrypted: true });
  await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();

  const card = new InboxPage(bobPage).cardWithNote(note);
  await expect(toast(bobPage, 'You have a new desire!')).toBeVisible();
  await expect(card).toContainText('Intensity: 6/10');
  await expect(card).toContainText(/encrypted/i);
});
