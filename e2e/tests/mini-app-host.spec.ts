import { english } from '@couple/protocol';
import { domainManifestSchema } from '@farcaster/miniapp-core';
import type { Browser, BrowserContext } from '@playwright/test';
import {
  APP_TEXTS,
  desireNotificationValues,
  KEY_TEXTS,
  PUSH_TEXTS,
  TEXTS,
  TIMEOUTS_MS,
} from '@couple/protocol/browser';
import {
  createAppKey,
  startFakeHub,
  startFakeNotificationServer,
  startQuickAuthIssuer,
  waitFor,
  type FakeHub,
  type FakeNotificationServer,
  type QuickAuthIssuer,
} from '../../apps/server/test/helpers/farcaster-fakes.js';
import {
  accountAssociation,
  createCustodyKey,
} from '../../apps/server/test/helpers/quick-auth-siwf.js';
import { DesirePage } from '../pages/DesirePage.js';
import { Layout } from '../pages/Layout.js';
import { MiniAppHostPage } from '../pages/MiniAppHostPage.js';
import { OnboardingPage } from '../pages/OnboardingPage.js';
import { PartnerPage } from '../pages/PartnerPage.js';
import { WelcomePage } from '../pages/WelcomePage.js';
import { startFarcasterHost, type FarcasterHost } from '../support/farcaster-host/host-server.js';
import { expect, MOBILE, test, toast } from '../support/fixtures.js';
import { startServer, type RunningServer } from '../support/server.js';
import { newUser } from '../support/users.js';

const FID = 7301;
const CLIENT_FID = 9152;

/**
 * The mini-app inside a Farcaster web client (issue 18): a host page built with
 * @farcaster/miniapp-host frames the app from another origin; Quick Auth, the hub and the
 * client's notification server are local fakes speaking their real protocols.
 */
test.describe('the mini-app in a Farcaster client', () => {
  test.describe.configure({ mode: 'serial' });
  let issuer: QuickAuthIssuer;
  let hub: FakeHub;
  let notifications: FakeNotificationServer;
  let host: FarcasterHost;
  let server: RunningServer;
  const contexts: BrowserContext[] = [];

  async function openContext(browser: Browser, baseURL: string) {
    const context = await browser.newContext({
      baseURL,
      viewport: MOBILE,
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    contexts.push(context);
    return context.newPage();
  }

  test.beforeAll(async () => {
    const custody = createCustodyKey(FID);
    const appKey = createAppKey();
    [issuer, hub, notifications] = await Promise.all([
      startQuickAuthIssuer(),
      startFakeHub(),
      startFakeNotificationServer(),
    ]);
    issuer.registerCustody(FID, custody.address);
    hub.addSigner(FID, appKey.publicKey, CLIENT_FID);
    host = await startFarcasterHost({
      custody,
      username: 'fc-alice',
      clientFid: CLIENT_FID,
      appKey,
      notificationUrl: `${notifications.origin}/client`,
    });
    server = await startServer(undefined, {
      FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin,
      FARCASTER_HUB_URL: hub.url,
      FRAME_ANCESTORS: host.origin,
      FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
    });
  });
  test.afterEach(async ({ browserName }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      testInfo.annotations.push({ type: 'browser', description: browserName });
      await testInfo.attach('server log', { body: server.output(), contentType: 'text/plain' });
    }
  });
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.stop();
    await Promise.all([host?.close(), issuer?.close(), hub?.close(), notifications?.close()]);
  });

  test('a Farcaster user signs in inside the host, pairs with a PWA partner and is notified', async ({
    browser,
  }) => {
    const client = new MiniAppHostPage(await openContext(browser, host.origin), server.baseUrl);
    await client.open(host.pageUrl(`${server.baseUrl}/`));

    // The app finds the host and tells it it is ready. It waits for the host's context at most
    // TIMEOUTS_MS.miniAppHostDetection (1000 ms) and otherwise runs as the PWA, with no ready call
    // and no Farcaster button: both showing is the proof it detected the host in time.
    await expect(client.signInWithFarcaster).toBeVisible();
    await client.expectCalled('context');
    const ready = await client.expectCalled('ready');
    expect((await client.hostLog()).filter((entry) => entry.call === 'ready')).toEqual([ready]);
    test.info().annotations.push({
      type: 'detection',
      description: `ready ${ready.at} ms after the frame was created (limit on the host's answer: ${TIMEOUTS_MS.miniAppHostDetection} ms)`,
    });

    await client.signInWithFarcaster.click();
    const app = await client.appFrame();
    const onboarding = new OnboardingPage(app);
    await onboarding.expectOpen();
    // The Farcaster name is offered in the app's alphabet ('fc-alice' → 'fc_alice').
    await expect(onboarding.username).toHaveValue('fc_alice');
    const farcasterUser = newUser('fc');
    await onboarding.choose(farcasterUser.username);
    expect((await client.hostLog()).map((entry) => entry.call)).toContain('signIn');

    // The partner uses the PWA on the same server and generates the code.
    const partnerPage = await openContext(browser, server.baseUrl);
    const partner = newUser('pwa');
    await new WelcomePage(partnerPage).goto();
    await new WelcomePage(partnerPage).signUp(partner);
    await new OnboardingPage(partnerPage).choose(partner.username);
    const code = await new PartnerPage(partnerPage).generate();

    const pairing = new PartnerPage(app);
    await pairing.openEnter();
    await pairing.typeCode(code.replace('-', ''));
    await pairing.connect.click();
    await expect.poll(() => app.url()).toMatch(/\/$/);
    await expect(partnerPage).toHaveURL(/\/$/);

    // Inside the client, adding the mini-app takes the place of installing and of the browser's
    // push switch (which cannot work in its frame); it registers the client's notification token
    // through the webhook.
    await new Layout(app).open('settings');
    await expect(client.app.getByText(APP_TEXTS.addMiniAppIntro)).toBeVisible();
    await expect(client.app.getByText(/Add to Home Screen/)).toHaveCount(0);
    await expect(client.app.getByText('Push notifications')).toHaveCount(0);
    await client.addToFarcaster.click();
    await expect(client.app.getByText(APP_TEXTS.miniAppAddedStatus)).toBeVisible();
    await expect(client.addToFarcaster).toHaveCount(0);
    expect(host.added).toEqual([expect.objectContaining({ webhookStatus: 200 })]);

    // A frame whose storage the browser blocks (third-party storage) cannot keep keys: the app
    // says so in the client's words and offers its own tab; where storage works, nothing shows.
    const storageBlocked = await app.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const request = indexedDB.open('storage-probe');
          request.onsuccess = () => resolve(false);
          request.onerror = () => resolve(true);
        }),
    );
    const unavailable = client.app.getByText(KEY_TEXTS.unavailableInHost);
    if (storageBlocked) {
      await unavailable.first().scrollIntoViewIfNeeded();
      await client.app.getByRole('button', { name: KEY_TEXTS.openInBrowser }).first().click();
      await client.expectCalled(`openUrl ${server.baseUrl}`);
    } else {
      await expect(unavailable).toHaveCount(0);
    }

    await new DesirePage(partnerPage).sendDesire({ intensity: 8, urgency: 6 });
    await expect(toast(partnerPage, 'Your desire has been sent')).toBeVisible();
    const notified = await waitFor(() =>
      notifications.requests.find((request) => request.body.title.includes(partner.username)),
    );
    expect(notified.path).toBe('/client');
    expect(notified.body).toMatchObject({
      title: english(TEXTS.pushNewDesireTitle, { name: partner.username }),
      body: english(PUSH_TEXTS.desireBody, desireNotificationValues(8, 6)),
      tokens: [host.added[0]!.token],
    });
    expect(hub.requests.some((path) => path.includes(`fid=${FID}`))).toBe(true);

    // And the Farcaster user answers with a desire of their own from inside the client.
    await new Layout(app).open('desire');
    await new DesirePage(app).sendDesire({ intensity: 3, urgency: 2 });
    await expect(toast(app, 'Your desire has been sent')).toBeVisible();
    await expect(toast(partnerPage, TEXTS.newDesireToast)).toBeVisible();
  });

  test('a host that answers after the detection limit gets the plain app', async ({ browser }) => {
    const client = new MiniAppHostPage(await openContext(browser, host.origin), server.baseUrl);
    const late = TIMEOUTS_MS.miniAppHostDetection + 1500;
    await client.open(host.pageUrl(`${server.baseUrl}/`, { answerAfterMs: late }));
    await expect(client.app.getByRole('button', { name: 'Sign up with Email' })).toBeVisible();
    // The context is answered after all; the app had already settled on running without a host.
    await client.expectCalled('context');
    // Ordered after that answer: by the app's reply, anything the answer would change has.
    await client.pingApp();
    await expect(client.signInWithFarcaster).toHaveCount(0);
    expect((await client.hostLog()).map((entry) => entry.call)).not.toContain('ready');
  });

  test('outside a host the app offers no Farcaster sign-in', async ({ browser }) => {
    const page = await openContext(browser, server.baseUrl);
    const welcome = new WelcomePage(page);
    await welcome.goto();
    await expect(welcome.signUpWithEmail).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Farcaster' })).toHaveCount(0);
  });
});

test('the served manifest passes miniapp-core’s own schema for an https PUBLIC_URL', async () => {
  const domain = 'desires.example.com';
  const association = accountAssociation(createCustodyKey(FID), domain);
  const server = await startServer(undefined, {
    PUBLIC_URL: `https://${domain}`,
    FARCASTER_ACCOUNT_ASSOCIATION_HEADER: association.header,
    FARCASTER_ACCOUNT_ASSOCIATION_PAYLOAD: association.payload,
    FARCASTER_ACCOUNT_ASSOCIATION_SIGNATURE: association.signature,
  });
  try {
    const response = await fetch(`${server.baseUrl}/.well-known/farcaster.json`);
    expect(response.status).toBe(200);
    const manifest = domainManifestSchema.parse(await response.json());
    expect(manifest.accountAssociation).toEqual(association);
    expect(manifest.miniapp).toMatchObject({
      homeUrl: `https://${domain}`,
      webhookUrl: `https://${domain}/api/farcaster/webhook`,
    });
  } finally {
    await server.stop();
  }
});
