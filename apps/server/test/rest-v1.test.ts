import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  SESSION_KEYS,
  createUser,
  request,
  type RequestOptions,
  type TestUser,
} from './helpers/api.js';
import { browserSubscription } from './helpers/rest-fixtures.js';

const ANON_KEY = 'test-anon-key-0123456789';

describe.each(DRIVERS)(
  'the original client calls /auth/v1 and /rest/v1 in order (%s)',
  (driver) => {
    let server: TestServer;
    let session: { access_token: string; refresh_token: string; user: { id: string } };
    let partner: TestUser;
    const call = (method: string, path: string, options: RequestOptions = {}) =>
      request(server.url, method, path, {
        ...options,
        token: options.token ?? session?.access_token,
        headers: { apikey: ANON_KEY, ...options.headers },
      });

    beforeAll(async () => {
      server = await startTestServer(driver, { env: { ANON_KEY } });
      await request(server.url, 'POST', '/api/auth/signup', {
        body: { email: 'orig@example.com', password: 'secret1' },
      });
      partner = await createUser(server.url);
    });
    afterAll(() => server.close());

    it('signs in with grant_type=password and gets the session shape', async () => {
      const response = await call('POST', '/auth/v1/token?grant_type=password', {
        body: { email: 'orig@example.com', password: 'secret1', gotrue_meta_security: {} },
      });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(SESSION_KEYS);
      session = response.body as unknown as typeof session;
      const wrong = await call('POST', '/auth/v1/token?grant_type=password', {
        body: { email: 'orig@example.com', password: 'nope-nope' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        error: 'invalid_grant',
        error_description: 'Invalid login credentials',
        code: 'invalid_credentials',
      });
    });

    it('reads its own profile as a list, and as a single object', async () => {
      const list = await call('GET', `/rest/v1/profiles?id=eq.${session.user.id}&select=username`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([{ username: expect.stringMatching(/^user_/) }]);
      const missing = await call('GET', `/rest/v1/profiles?id=eq.${partner.id}&select=username`, {
        headers: { accept: 'application/vnd.pgrst.object+json' },
      });
      expect(missing.status).toBe(406);
      expect(missing.body).toMatchObject({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
      });
    });

    it('sets the username with return=minimal, and sees a duplicate as a unique violation', async () => {
      const updated = await call('PATCH', `/rest/v1/profiles?id=eq.${session.user.id}`, {
        body: { username: 'Original', updated_at: new Date().toISOString() },
        headers: { prefer: 'return=minimal' },
      });
      expect(updated.status).toBe(204);
      const taken = await call('PATCH', `/rest/v1/profiles?id=eq.${session.user.id}`, {
        body: { username: partner.username },
        headers: { prefer: 'return=representation' },
      });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: '23505' });
      const shown = await call('PATCH', `/rest/v1/profiles?id=eq.${session.user.id}`, {
        body: { username: 'original2' },
        headers: { prefer: 'return=representation' },
      });
      expect(shown.body).toMatchObject([{ username: 'original2' }]);
      const short = await call('PATCH', `/rest/v1/profiles?id=eq.${session.user.id}`, {
        body: { username: 'ab' },
      });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ message: TEXTS.usernameTooShort });
    });

    it('pairs through the rpc functions and reads the partner id', async () => {
      expect((await call('POST', '/rest/v1/rpc/has_partner', { body: {} })).body).toBe(false);
      const generated = await request(server.url, 'POST', '/api/partner/generate-code', {
        token: partner.token,
      });
      const bad = await call('POST', '/rest/v1/rpc/connect_with_pairing_code', {
        body: { pairing_code: 'ZZZZ-ZZZZ' },
      });
      expect(bad.body).toEqual({ success: false, error: 'Invalid pairing code' });
      const connected = await call('POST', '/rest/v1/rpc/connect_with_pairing_code', {
        body: { pairing_code: generated.body.code },
      });
      expect(connected.body).toEqual({ success: true, error: null });
      expect((await call('POST', '/rest/v1/rpc/has_partner', { body: {} })).body).toBe(true);
      expect((await call('POST', '/rest/v1/rpc/get_my_partner_id', { body: {} })).body).toBe(
        partner.id,
      );
      const again = await call('POST', '/rest/v1/rpc/generate_pairing_code', { body: {} });
      expect(again.body).toEqual({
        success: false,
        code: null,
        expires_at: null,
        error: 'You are already connected to a partner',
      });
    });

    it('inserts a message row as the direct fallback, delivered like any other', async () => {
      const inserted = await call('POST', '/rest/v1/messages', {
        body: {
          sender_id: session.user.id,
          receiver_id: partner.id,
          intensity: 6,
          urgency: 2,
          encrypted: false,
          note: 'hi',
        },
        headers: { prefer: 'return=representation' },
      });
      expect(inserted.status).toBe(201);
      expect(inserted.body).toMatchObject([
        { sender_id: session.user.id, receiver_id: partner.id, note: 'hi' },
      ]);
      const inbox = await request(server.url, 'GET', '/api/messages', { token: partner.token });
      expect(inbox.body.count).toBe(1);
      const forged = await call('POST', '/rest/v1/messages', {
        body: { sender_id: partner.id, receiver_id: session.user.id, intensity: 6, urgency: 2 },
      });
      expect(forged.status).toBe(403);
      expect(forged.body).toMatchObject({ code: '42501' });
    });

    it('upserts and deletes its push subscription', async () => {
      const body = {
        user_id: session.user.id,
        subscription: JSON.stringify(browserSubscription()),
        updated_at: new Date().toISOString(),
      };
      const headers = { prefer: 'resolution=merge-duplicates' };
      expect(
        (await call('POST', '/rest/v1/push_subscriptions?on_conflict=user_id', { body, headers }))
          .status,
      ).toBe(201);
      expect(
        (await call('POST', '/rest/v1/push_subscriptions?on_conflict=user_id', { body, headers }))
          .status,
      ).toBe(201);
      const plain = await call('POST', '/rest/v1/push_subscriptions', { body });
      expect(plain.status).toBe(409);
      const rows = await server.database.db.query('SELECT user_id FROM push_subscriptions');
      expect(rows.rows).toEqual([{ user_id: session.user.id }]);
      expect(
        (await call('DELETE', `/rest/v1/push_subscriptions?user_id=eq.${session.user.id}`)).status,
      ).toBe(204);
      expect(
        (await server.database.db.query('SELECT 1 FROM push_subscriptions')).rows,
      ).toHaveLength(0);
    });

    it('logs debug entries and reads notification tokens for itself and its partner only', async () => {
      await call('POST', '/rest/v1/rpc/log_debug', {
        body: {
          p_function_name: 'CLIENT_ERROR_send',
          p_input_params: { a: 1 },
          p_error_message: 'boom',
        },
      });
      const logs = await call('POST', '/rest/v1/rpc/get_recent_debug_logs', {
        body: { p_limit: 5, p_function_name: 'CLIENT_ERROR_send' },
      });
      expect(logs.body).toMatchObject([
        { function_name: 'CLIENT_ERROR_send', error_message: 'boom' },
      ]);
      const stored = await call('POST', '/rest/v1/rpc/store_notification_token', {
        body: { p_platform: 'farcaster', p_token: 'tok-1' },
      });
      expect(stored.body).toEqual({ success: true, error: null });
      const mine = await call('POST', '/rest/v1/rpc/get_user_notification_tokens', {
        body: { p_user_id: session.user.id },
      });
      expect(mine.body).toMatchObject({
        success: true,
        tokens: [{ platform: 'farcaster', token: 'tok-1' }],
      });
      const access = await call('POST', '/rest/v1/rpc/debug_message_access', { body: {} });
      expect(access.body).toMatchObject({
        user_id: session.user.id,
        partner_id: partner.id,
        sent_count: 1,
      });
    });

    it('refreshes and logs out', async () => {
      const refreshed = await call('POST', '/auth/v1/token?grant_type=refresh_token', {
        body: { refresh_token: session.refresh_token },
      });
      expect(refreshed.status).toBe(200);
      const user = await call('GET', '/auth/v1/user', {
        token: refreshed.body.access_token as string,
      });
      expect(user.body).toMatchObject({ id: session.user.id, aud: 'authenticated' });
      // The owner goes on refreshing: from then on the old token is a theft, not a retry.
      const next = await call('POST', '/auth/v1/token?grant_type=refresh_token', {
        body: { refresh_token: refreshed.body.refresh_token },
      });
      expect(next.status).toBe(200);
      const reused = await call('POST', '/auth/v1/token?grant_type=refresh_token', {
        body: { refresh_token: session.refresh_token },
      });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ error: 'invalid_grant' });
      // A replayed refresh token revokes the whole session: its access tokens stop at once.
      const revoked = await call('GET', '/auth/v1/user', {
        token: refreshed.body.access_token as string,
      });
      expect(revoked.status).toBe(401);
      const fresh = await call('POST', '/auth/v1/token?grant_type=password', {
        body: { email: 'orig@example.com', password: 'secret1' },
      });
      expect(fresh.status).toBe(200);
      const out = await call('POST', '/auth/v1/logout', {
        token: fresh.body.access_token as string,
      });
      expect(out.status).toBe(204);
      const missing = await request(server.url, 'POST', '/auth/v1/logout', {
        headers: { apikey: ANON_KEY },
      });
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ msg: TEXTS.authSessionMissing });
    });
  },
);
