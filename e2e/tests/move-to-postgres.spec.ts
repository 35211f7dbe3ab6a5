import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { KEY_TEXTS } from '@couple/protocol/browser';
import { DesirePage } from '../pages/DesirePage.js';
import { InboxPage } from '../pages/InboxPage.js';
import { KeysPages } from '../pages/KeysPages.js';
import { createDatabase } from '../support/database.js';
import { DESKTOP, MOBILE, expect, test, toast } from '../support/fixtures.js';
import { expectLiveConnected, openSignedIn, signIn } from '../support/flows.js';
import { ROOT, freePort, startServer, type RunningServer } from '../support/server.js';
import { Backend } from '../support/users.js';
import { isApiCall } from '../support/api-route.js';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A person's browser on the given origin, as the openBrowser fixture opens one. */
async function openOn(browser: Browser, baseURL: string, mobile: boolean) {
  const context = await browser.newContext({
    baseURL,
    viewport: mobile ? MOBILE : DESKTOP,
    ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  return { context, page: await context.newPage() };
}

test('after moving from PGlite to PostgreSQL, a linked device reads its end-to-end notes and receives new ones live (needs TEST_DATABASE_URL)', async ({
  browser,
  playwright,
}) => {
  test.skip(!adminUrl, 'needs TEST_DATABASE_URL: the move needs a PostgreSQL server to move to');
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'couple-e2e-move-'));
  const target = await createDatabase(adminUrl ?? '');
  // The same origin before and after: the browsers keep their storage (session, private keys).
  const port = String(await freePort());
  const contexts: BrowserContext[] = [];
  let server: RunningServer | undefined;
  try {
    server = await startServer(undefined, { DATA_DIR: dataDir, PORT: port });
    const baseUrl = server.baseUrl;
    const api = await playwright.request.newContext({ baseURL: baseUrl });
    const [alice, bob] = await new Backend(api).couple();
    await api.dispose();

    const open = async (mobile: boolean): Promise<Page> => {
      const opened = await openOn(browser, baseUrl, mobile);
      contexts.push(opened.context);
      return opened.page;
    };
    const [alicePage, bobPhone] = [await open(false), await open(true)];
    await Promise.all([openSignedIn(alicePage, alice), openSignedIn(bobPhone, bob)]);
    await new KeysPages(alicePage).expectEndToEndReady();
    await new KeysPages(bobPhone).expectEndToEndReady();

    // Bob's laptop gets his private key from his phone: the linked device.
    const bobLaptop = await open(false);
    await openSignedIn(bobLaptop, bob);
    const laptopKeys = new KeysPages(bobLaptop);
    await laptopKeys.openSetup();
    await laptopKeys.linkFrom(new KeysPages(bobPhone));
    await expect(bobLaptop).toHaveURL(/\/$/, { timeout: 15_000 });
    await expect(laptopKeys.banner).toBeHidden();

    const before = 'Sealed on PGlite';
    await new DesirePage(alicePage).sendDesire({ intensity: 7, urgency: 4, note: before });
    await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();
    await bobLaptop.goto('/notifications');
    await expect(new InboxPage(bobLaptop).cardWithNote(before)).toContainText(KEY_TEXTS.e2eTag);

    await server.stop();
    server = undefined;
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['apps/server/src/move/main.ts', '--from', dataDir, '--to', target.url],
      { cwd: ROOT, timeout: 120_000 },
    );
    expect(stdout).toMatch(/^ {2}messages +1 rows {2}checksum OK$/m);
    server = await startServer(target.url, { PORT: port });
    expect(server.baseUrl).toBe(baseUrl);

    // The same browser, reloaded: still signed in, and the stored key still opens the note.
    const listed = bobLaptop.waitForResponse((response) =>
      isApiCall(response.request(), 'listReceivedMessages'),
    );
    await bobLaptop.reload();
    // From the PostgreSQL server, not from the page's offline cache.
    const response = await listed;
    expect(response.status()).toBe(200);
    expect((await response.json()).messages).toMatchObject([
      { sender_id: alice.id, encrypted: true, encryption_data: { version: 2 } },
    ]);
    const inbox = new InboxPage(bobLaptop);
    const moved = inbox.cardWithNote(before);
    await expect(moved).toContainText(KEY_TEXTS.e2eTag);
    await expect(moved).toContainText(`From ${alice.username}`);

    const after = 'Sealed on PostgreSQL';
    await expectLiveConnected(bobLaptop);
    await alicePage.goto('/');
    await new KeysPages(alicePage).expectEndToEndReady();
    await new DesirePage(alicePage).sendDesire({ intensity: 9, urgency: 8, note: after });
    await expect(toast(alicePage, 'Your desire has been sent')).toBeVisible();
    // Live: the laptop stays on the inbox, no reload.
    await expect(inbox.cardWithNote(after)).toContainText(KEY_TEXTS.e2eTag);
    await bobLaptop.screenshot({ path: test.info().outputPath('moved-inbox-desktop.png') });

    // A browser that never saw the PGlite server signs in with the old password.
    const fresh = await open(true);
    await signIn(fresh, bob);
    await fresh.screenshot({ path: test.info().outputPath('moved-sign-in-phone.png') });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.stop();
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
