import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { signedInClient, supabaseClient } from './helpers/supabase.js';
import { connectLive, nextEvent } from './helpers/live-client.js';

const ANON_KEY = 'test-anon-key-calls-0123456789';

/**
 * SPEC §7's calls as a front end written against it makes them, with the real supabase-js
 * client: each of these broke before (issue 18).
 */
describe.each(DRIVERS)('supabase-js calls of SPEC §7 (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let asAlice: SupabaseClient;
  let asBob: SupabaseClient;
  let asCarol: SupabaseClient;

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    [alice, bob, carol] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    [asAlice, asBob, asCarol] = [
      (await signedInClient(server.url, ANON_KEY, alice)).client,
      (await signedInClient(server.url, ANON_KEY, bob)).client,
      (await signedInClient(server.url, ANON_KEY, carol)).client,
    ];
  });
  afterAll(() => server?.close());

  it('rpc of a scalar function answers JSON the client can read', async () => {
    expect(await asAlice.rpc('get_my_partner_id')).toMatchObject({ data: bob.id, error: null });
    expect(await asCarol.rpc('get_my_partner_id')).toMatchObject({ data: null, error: null });
    expect(await asAlice.rpc('has_partner')).toMatchObject({ data: true, error: null });
  });

  it('a sign-in error carries its code, and the user has the fields supabase-js reads', async () => {
    const refused = await supabaseClient(server.url, ANON_KEY).auth.signInWithPassword({
      email: alice.email,
      password: 'not the password',
    });
    expect(refused.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const { data } = await asAlice.auth.getUser();
    expect(data.user).toMatchObject({
      id: alice.id,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    });
  });

  it('deletes with a JSON content type and no body', async () => {
    const subscription = {
      endpoint: 'https://push.example.com/send/abc',
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    const saved = await asAlice.from('push_subscriptions').insert({
      user_id: alice.id,
      subscription,
    });
    expect(saved.error).toBeNull();
    const stored = () =>
      server.database.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [alice.id]);
    expect((await stored()).rows).toHaveLength(1);
    const deleted = await asAlice.from('push_subscriptions').delete().eq('user_id', alice.id);
    expect(deleted).toMatchObject({ status: 204, error: null });
    expect((await stored()).rows).toEqual([]);
  });

  it('insert().select().single() answers the one stored row as an object', async () => {
    const { data, error } = await asAlice
      .from('messages')
      .insert({ sender_id: alice.id, receiver_id: bob.id, intensity: 6, urgency: 3 })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ sender_id: alice.id, receiver_id: bob.id, intensity: 6 });
    expect(Array.isArray(data)).toBe(false);
  });

  it('reads the inbox, the sent list and the unread count as the web app needs them', async () => {
    for (let index = 0; index < 4; index += 1) {
      await asAlice
        .from('messages')
        .insert({ sender_id: alice.id, receiver_id: bob.id, intensity: index, urgency: 1 });
    }
    const inbox = await asBob
      .from('messages')
      .select('id, intensity, is_read, created_at', { count: 'exact' })
      .eq('receiver_id', bob.id)
      .order('created_at', { ascending: false })
      .range(0, 2);
    expect(inbox.error).toBeNull();
    expect(inbox.count).toBe(5);
    expect(inbox.data).toHaveLength(3);
    const times = inbox.data!.map((row) => row.created_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    const older = await asBob
      .from('messages')
      .select('id')
      .eq('receiver_id', bob.id)
      .order('created_at', { ascending: false })
      .range(3, 9);
    expect(older.data).toHaveLength(2);
    const unread = await asBob
      .from('messages')
      .select('*', { count: 'exact', head: true })
      .eq('receiver_id', bob.id)
      .eq('is_read', false);
    expect(unread).toMatchObject({ count: 5, error: null, data: null });
    const sent = await asAlice.from('messages').select('id').eq('sender_id', alice.id);
    expect(sent.data).toHaveLength(5);
    // Row-level security: a stranger sees none of them, filters or not.
    expect((await asCarol.from('messages').select('id')).data).toEqual([]);
  });

  it('marks read with update(), tells the sender live, and lets nobody else', async () => {
    const [first] = (
      await asBob
        .from('messages')
        .select('id')
        .eq('receiver_id', bob.id)
        .order('created_at', { ascending: true })
        .limit(1)
    ).data!;
    const aliceLive = await connectLive(server.url, alice.token);
    try {
      const told = nextEvent(aliceLive, 'messages_marked_read');
      const one = await asBob
        .from('messages')
        .update({ read_at: new Date().toISOString(), is_read: true })
        .eq('id', first!.id)
        .select('id, is_read');
      expect(one).toMatchObject({ error: null, data: [{ id: first!.id, is_read: true }] });
      expect(await told).toMatchObject({ ids: [first!.id] });
    } finally {
      aliceLive.close();
    }
    // The sender cannot mark their own desire read, nor can a stranger.
    for (const client of [asAlice, asCarol]) {
      await client.from('messages').update({ is_read: true }).eq('sender_id', alice.id);
    }
    const stillUnread = await asBob
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('receiver_id', bob.id)
      .eq('is_read', false);
    expect(stillUnread.count).toBe(4);
    const all = await asBob
      .from('messages')
      .update({ is_read: true })
      .eq('receiver_id', bob.id)
      .eq('is_read', false);
    expect(all.error).toBeNull();
    const none = await asBob
      .from('messages')
      .select('id', { count: 'exact', head: true })
      .eq('is_read', false)
      .eq('receiver_id', bob.id);
    expect(none.count).toBe(0);
  });

  it('refuses any other change to a message, and bad orders and ranges', async () => {
    const changed = await asBob
      .from('messages')
      .update({ intensity: 10 })
      .eq('receiver_id', bob.id);
    expect(changed.error).toMatchObject({ code: '42501' });
    const unread = await asBob
      .from('messages')
      .update({ is_read: false })
      .eq('receiver_id', bob.id);
    expect(unread.status).toBe(400);
    const order = await asBob.from('messages').select('id').order('secret', { ascending: true });
    expect(order.error).toMatchObject({ code: '42703' });
    const raw = await request(server.url, 'GET', '/rest/v1/messages?limit=-1', {
      token: bob.token,
      headers: { apikey: ANON_KEY },
    });
    expect(raw.status).toBe(400);
  });
});
