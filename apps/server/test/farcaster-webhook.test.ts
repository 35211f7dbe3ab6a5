import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { request } from './helpers/api.js';
import {
  createAppKey,
  signedEvent,
  startFakeHub,
  startQuickAuthIssuer,
  type AppKey,
  type FakeHub,
  type QuickAuthIssuer,
} from './helpers/farcaster-fakes.js';

const PUBLIC_URL = 'https://desires.example.com';
const FID = 31337;
const WARPCAST = 9152;
const OTHER_CLIENT = 309857;

interface TokenRow {
  token: string;
  url: string;
  enabled: boolean;
  app_fid: string | number;
}

describe.each(DRIVERS)('the Farcaster webhook (%s)', (driver) => {
  let server: TestServer;
  let issuer: QuickAuthIssuer;
  let hub: FakeHub;
  let warpcastKey: AppKey;
  let otherKey: AppKey;
  let userId: string;

  const post = (body: unknown) => request(server.url, 'POST', '/api/farcaster/webhook', { body });
  const tokens = async () =>
    (
      await server.ctx.db.query<TokenRow>(
        `SELECT token, url, enabled, app_fid FROM notification_tokens
         WHERE user_id = $1 AND platform = 'farcaster' ORDER BY token`,
        [userId],
      )
    ).rows.map((row) => ({ ...row, app_fid: Number(row.app_fid) }));
  const details = (token: string, url = 'http://127.0.0.1:9/notify') => ({ url, token });

  beforeAll(async () => {
    issuer = await startQuickAuthIssuer();
    hub = await startFakeHub();
    warpcastKey = createAppKey();
    otherKey = createAppKey();
    hub.addSigner(FID, warpcastKey.publicKey, WARPCAST);
    hub.addSigner(FID, otherKey.publicKey, OTHER_CLIENT);
    server = await startTestServer(driver, {
      env: {
        PUBLIC_URL,
        FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin,
        FARCASTER_HUB_URL: hub.url,
        FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS: 'true',
      },
    });
    const token = await issuer.sign({ fid: FID, domain: 'desires.example.com' });
    const session = await request<Session>(server.url, 'POST', '/api/auth/farcaster', {
      body: { token },
    });
    userId = session.body.user.id;
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([issuer.close(), hub.close()]);
  });

  it('stores the token of notifications_enabled, checking the app key with the hub', async () => {
    const answer = await post(
      signedEvent(FID, warpcastKey, {
        event: 'notifications_enabled',
        notificationDetails: details('tok-a'),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, outcome: 'stored' });
    expect(hub.requests).toContain(`/v1/onChainSignersByFid?fid=${FID}`);
    expect(await tokens()).toEqual([
      { token: 'tok-a', url: 'http://127.0.0.1:9/notify', enabled: true, app_fid: WARPCAST },
    ]);
  });

  it('disables only that client’s tokens on notifications_disabled and miniapp_removed', async () => {
    await post(
      signedEvent(FID, otherKey, {
        event: 'miniapp_added',
        notificationDetails: details('tok-b', 'http://127.0.0.1:9/other'),
      }),
    );
    const disabled = await post(signedEvent(FID, warpcastKey, { event: 'notifications_disabled' }));
    expect(disabled.body).toEqual({ success: true, outcome: 'disabled' });
    expect((await tokens()).map((t) => [t.token, t.enabled])).toEqual([
      ['tok-a', false],
      ['tok-b', true],
    ]);

    const readded = await post(
      signedEvent(FID, warpcastKey, {
        event: 'miniapp_added',
        notificationDetails: details('tok-a'),
      }),
    );
    expect(readded.body).toEqual({ success: true, outcome: 'stored' });
    expect((await tokens()).map((t) => t.enabled)).toEqual([true, true]);

    const removed = await post(signedEvent(FID, otherKey, { event: 'miniapp_removed' }));
    expect(removed.status).toBe(200);
    expect((await tokens()).map((t) => [t.token, t.enabled])).toEqual([
      ['tok-a', true],
      ['tok-b', false],
    ]);
  });

  it('accepts miniapp_added without notification details and stores nothing', async () => {
    const before = await tokens();
    const answer = await post(signedEvent(FID, warpcastKey, { event: 'miniapp_added' }));
    expect(answer.body).toEqual({ success: true, outcome: 'ignored' });
    expect(await tokens()).toEqual(before);
  });

  it('ignores events of an unknown fid with 200', async () => {
    const stranger = createAppKey();
    hub.addSigner(555, stranger.publicKey, WARPCAST);
    const answer = await post(
      signedEvent(555, stranger, {
        event: 'notifications_enabled',
        notificationDetails: details('tok-x'),
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, outcome: 'ignored' });
    const { rows } = await server.ctx.db.query(
      `SELECT 1 FROM notification_tokens WHERE token = 'tok-x'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses forged signatures and app keys the hub does not list for that fid', async () => {
    const event = signedEvent(FID, warpcastKey, {
      event: 'notifications_enabled',
      notificationDetails: details('tok-evil'),
    });
    const tamperedPayload = Buffer.from(
      JSON.stringify({ event: 'notifications_enabled', notificationDetails: details('tok-evil2') }),
    ).toString('base64url');
    const tampered = await post({ ...event, payload: tamperedPayload });
    expect(tampered.status).toBe(401);
    expect(tampered.body).toEqual({
      error: 'Invalid signature',
      code: 'farcaster_signature_invalid',
    });

    // Signed correctly, but claiming another user's fid with a key not registered to it.
    const claimed = await post(
      signedEvent(FID, createAppKey(), { event: 'notifications_disabled' }),
    );
    expect(claimed.status).toBe(401);
    expect(claimed.body).toEqual({
      error: 'App key not valid for FID',
      code: 'farcaster_app_key_invalid',
    });
    expect((await tokens()).map((t) => t.token)).not.toContain('tok-evil2');
    expect((await tokens()).find((t) => t.token === 'tok-a')?.enabled).toBe(true);
  });

  it('answers 503 when the hub cannot be asked, so that the client retries', async () => {
    hub.failWith = 500;
    try {
      const answer = await post(signedEvent(FID, warpcastKey, { event: 'notifications_disabled' }));
      expect(answer.status).toBe(503);
      expect(typeof answer.body.error).toBe('string');
    } finally {
      hub.failWith = undefined;
    }
    expect((await tokens()).find((t) => t.token === 'tok-a')?.enabled).toBe(true);
  });

  it('answers 400 with an error for malformed bodies and events', async () => {
    const valid = signedEvent(FID, warpcastKey, { event: 'notifications_disabled' });
    const bodies: unknown[] = [
      {},
      [],
      'event',
      { header: 1, payload: valid.payload, signature: valid.signature },
      { ...valid, header: 'not-base64-json' },
      {
        ...valid,
        header: Buffer.from(JSON.stringify({ fid: 'x', type: 'custody', key: 'abc' })).toString(
          'base64url',
        ),
      },
      { ...valid, signature: 'c2hvcnQ' },
      signedEvent(FID, warpcastKey, { event: 'miniapp_exploded' }),
      signedEvent(FID, warpcastKey, { event: 'notifications_enabled' }),
      signedEvent(FID, warpcastKey, {
        event: 'notifications_enabled',
        notificationDetails: details('t', 'javascript:alert(1)'),
      }),
      signedEvent(FID, warpcastKey, {
        event: 'notifications_enabled',
        notificationDetails: details('t'.repeat(600)),
      }),
    ];
    for (const [index, body] of bodies.entries()) {
      const answer = await post(body);
      expect({ index, status: answer.status }).toEqual({ index, status: 400 });
      expect(typeof answer.body.error).toBe('string');
    }
    const raw = await request(server.url, 'POST', '/api/farcaster/webhook', {
      rawBody: '{"header":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(typeof raw.body.error).toBe('string');
    expect((await tokens()).map((t) => t.token)).toEqual(['tok-a', 'tok-b']);
  });
});

describe('the Farcaster webhook in production mode', () => {
  it('refuses http notification URLs unless explicitly allowed', async () => {
    const hub = await startFakeHub();
    const issuer = await startQuickAuthIssuer();
    const key = createAppKey();
    hub.addSigner(FID, key.publicKey, WARPCAST);
    const server = await startTestServer('pglite', {
      env: { PUBLIC_URL, FARCASTER_HUB_URL: hub.url, FARCASTER_QUICK_AUTH_ORIGIN: issuer.origin },
    });
    try {
      const token = await issuer.sign({ fid: FID, domain: 'desires.example.com' });
      await request(server.url, 'POST', '/api/auth/farcaster', { body: { token } });
      for (const url of [
        'http://api.example.com/notify',
        'https://127.0.0.1/notify',
        'https://localhost/notify',
      ]) {
        const answer = await request(server.url, 'POST', '/api/farcaster/webhook', {
          body: signedEvent(FID, key, {
            event: 'notifications_enabled',
            notificationDetails: { url, token: 'tok' },
          }),
        });
        expect({ url, status: answer.status, body: answer.body }).toEqual({
          url,
          status: 400,
          body: { error: 'Invalid notification url', code: 'notification_url_invalid' },
        });
      }
      const ok = await request(server.url, 'POST', '/api/farcaster/webhook', {
        body: signedEvent(FID, key, {
          event: 'notifications_enabled',
          notificationDetails: {
            url: 'https://api.farcaster.xyz/v1/frame-notifications',
            token: 'tok',
          },
        }),
      });
      expect(ok.body).toEqual({ success: true, outcome: 'stored' });
    } finally {
      await server.close();
      await Promise.all([hub.close(), issuer.close()]);
    }
  });
});
