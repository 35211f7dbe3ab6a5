import { expect, test } from '../support/fixtures.js';
import { openSignedIn } from '../support/flows.js';
import { holdRequests } from '../support/hold-requests.js';

test('an answer that comes while the sent list is still loading shows without a reload', async ({
  openBrowser,
  backend,
}) => {
  const [alice, bob] = await backend.couple();
  await backend.sendDesire(alice, bob, 7);
  const received = await backend.receivedIds(bob);
  expect(received).toHaveLength(1);
  const page = await openBrowser();
  await openSignedIn(page, alice);

  // The signed-in listeners arrive late, as on a slow network: the list is read before them.
  const listenersHeld = holdRequests(page, '**/assets/SignedInSync-*.js');
  await page.goto('/notifications?view=sent');
  const state = page.getByTestId('desire-card').getByTestId('sent-state');
  await expect(state).toBeVisible();
  await expect(state).not.toHaveText(/Answered/);
  await backend.answer(bob, received[0] ?? '', 'in');
  listenersHeld.release();

  await expect(state).toHaveText(/Answered: I’m in/);
});
