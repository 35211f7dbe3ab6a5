import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXTS, type Message, type Profile } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, request, type TestUser } from './helpers/api.js';

describe.each(DRIVERS)('a couple uses the whole product (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const call = (method: string, path: string, user?: TestUser, body?: unknown) =>
    request(server.url, method, path, { token: user?.token, body });

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it('signs two people up with a temporary name, then lets them choose usernames', async () => {
    const signup = await request(server.url, 'POST', '/api/auth/signup', {
      body: { email: 'Alice@Example.com ', password: 'secret1' },
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: 'alice@example.com' },
    });
    const session = signup.body as unknown as { access_token: string; user: { id: string } };
    alice = {
      id: session.user.id,
      email: 'alice@example.com',
      password: 'secret1',
      username: '',
      token: session.access_token,
      session: signup.body as never,
    };

    const before = await request<Profile>(server.url, 'GET', '/api/profile', {
      token: alice.token,
    });
    expect(before.body.username).toMatch(/^user_/);
    expect(before.body.partner_status).toBe('none');

    const renamed = await call('PATCH', '/api/profile', alice, { username: '  Alice.B ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      username: 'alice.b',
      partner: null,
      auth_method: 'email',
    });
    alice.username = 'alice.b';

    bob = await createUser(server.url, 'bob');
    const taken = await call('PATCH', '/api/profile', bob, { username: 'ALICE.B' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(TEXTS.usernameTaken);
  });

  it('pairs them through a code that the second one types in lower case without the dash', async () => {
    const generated = await call('POST', '/api/partner/generate-code', alice);
    expect(generated.status).toBe(200);
    expect(generated.body.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    const lifetime = Date.parse(generated.body.expires_at!) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);

    const pending = await call('GET', '/api/partner/status', alice);
    expect(pending.body).toEqual({ status: 'pending', has_partner: false, partner: null });

    const typed = generated.body.code!.replace('-', '').toLowerCase();
    const connected = await call('POST', '/api/partner/connect', bob, { code: typed });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      success: true,
      error: null,
      partner: { id: alice.id, username: 'alice.b' },
    });

    const status = await call('GET', '/api/partner/status', alice);
    expect(status.body).toEqual({
      status: 'accepted',
      has_partner: true,
      partner: { id: bob.id, username: 'bob' },
    });
    const profile = await request<Profile>(server.url, 'GET', '/api/profile', { token: bob.token });
    expect(profile.body).toMatchObject({
      partner_id: alice.id,
      partner_status: 'accepted',
      partner: { username: 'alice.b' },
    });

    const reused = await call('POST', '/api/partner/connect', bob, { code: generated.body.code });
    expect(reused.status).toBe(409);
  });

  it('sends desires both ways and lists them newest first', async () => {
    const first = await call(
      'POST',
      '/api/messages',
      alice,
      desire({ intensity: 9, urgency: '3', content: '  soon  ' }),
    );
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({
      sender_id: alice.id,
      receiver_id: bob.id,
      intensity: 9,
      urgency: 3,
      note: 'soon',
      encrypted: false,
      is_read: false,
    });
    const second = await call(
      'POST',
      '/api/messages',
      alice,
      desire({ content: '', receiverId: bob.id }),
    );
    expect(second.body.message?.note).toBeNull();
    const back = await call(
      'POST',
      '/api/messages',
      bob,
      desire({
        encrypted: true,
        content: 'q83vEjRWeJq8'.repeat(4),
        encryptionData: { iv: 'AAAAAAAAAAAAAAAA', salt: 'AAAAAAAAAAAAAAAAAAAAAA==', version: 1 },
      }),
    );
    expect(back.status).toBe(201);
    expect(back.body.message).toMatchObject({
      encrypted: true,
      note: null,
      note_encrypted: 'q83vEjRWeJq8'.repeat(4),
    });

    const inbox = await call('GET', '/api/messages', bob);
    expect(inbox.body.count).toBe(2);
    expect(inbox.body.messages!.map((m: Message) => m.id)).toEqual([
      second.body.message!.id,
      first.body.message!.id,
    ]);
    const sent = await call('GET', '/api/messages/sent', alice);
    expect(sent.body.count).toBe(2);
    const stats = await call('GET', '/api/profile/stats', alice);
    expect(stats.body).toEqual({ sent: 2, received: 1 });
  });

  it('counts unread desires and marks one, then all, read', async () => {
    expect((await call('GET', '/api/messages/unread-count', bob)).body).toEqual({ count: 2 });
    const unread = await call('GET', '/api/messages?unreadOnly=true&limit=1', bob);
    expect(unread.body.messages).toHaveLength(1);
    expect(unread.body.count).toBe(2);

    const id = unread.body.messages![0]!.id;
    const marked = await call('POST', `/api/messages/${id}/read`, bob);
    expect(marked.body).toEqual({ ids: [id], count: 1 });
    expect((await call('GET', '/api/messages/unread-count', bob)).body).toEqual({ count: 1 });

    const again = await call('POST', `/api/messages/${id}/read`, bob);
    expect(again.body).toEqual({ ids: [], count: 0 });

    const all = await call('POST', '/api/messages/mark-all-read', bob);
    expect(all.body.count).toBe(1);
    expect((await call('GET', '/api/messages/unread-count', bob)).body).toEqual({ count: 0 });
    const read = await call('GET', '/api/messages?unreadOnly=false', bob);
    expect(read.body.messages!.every((m: Message) => m.is_read && m.read_at)).toBe(true);
  });

  it('disconnects, keeps the history, refuses new desires, and pairs again', async () => {
    const done = await call('POST', '/api/partner/disconnect', bob);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: SERVER_TEXTS.disconnected, error: null });
    for (const user of [alice, bob]) {
      expect((await call('GET', '/api/partner/status', user)).body).toEqual({
        status: 'none',
        has_partner: false,
        partner: null,
      });
    }
    const twice = await call('POST', '/api/partner/disconnect', alice);
    expect(twice.status).toBe(404);
    expect(twice.body.error).toBe(TEXTS.noPartnerConnection);

    const refused = await call('POST', '/api/messages', alice, desire());
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(TEXTS.noConnectedPartner);
    expect((await call('GET', '/api/messages', bob)).body.count).toBe(2);

    const code = (await call('POST', '/api/partner/generate-code', bob)).body.code;
    const again = await call('POST', '/api/partner/connect', alice, { code });
    expect(again.body).toMatchObject({ success: true, partner: { id: bob.id } });
    expect((await call('POST', '/api/messages', alice, desire())).status).toBe(201);
    expect((await call('GET', '/api/profile/stats', bob)).body).toEqual({ sent: 1, received: 3 });
  });
});
