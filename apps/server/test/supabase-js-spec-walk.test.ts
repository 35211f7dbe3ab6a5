import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { supabaseClient } from './helpers/supabase.js';
import { subscribe } from './helpers/realtime.js';

const ANON_KEY = 'test-anon-key-spec-walk-01234567';
const PASSWORD = 'correct horse battery';

/**
 * Every call SPEC §7 lists, made by the real supabase-js client in the order a front end written
 * against it makes them (sign-up to sign-out), with no adapter: the proof issue 18 asks for.
 */
describe.each(DRIVERS)('a SPEC §7 front end on supabase-js, start to end (%s)', (driver) => {
  let server: TestServer;
  let asAnn: SupabaseClient;
  let asBen: SupabaseClient;
  let ann: { id: string; email: string };
  let ben: { id: string; email: string };
  const events: AuthChangeEvent[] = [];

  async function signUp(name: string): Promise<[SupabaseClient, { id: string; email: string }]> {
    const client = supabaseClient(server.url, ANON_KEY);
    const email = `${name}-${Date.now()}-${driver}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    return [client, { id: data.user!.id, email }];
  }

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    [asAnn, ann] = await signUp('ann');
    [asBen, ben] = await signUp('ben');
    asAnn.auth.onAuthStateChange((event) => void events.push(event));
  });
  afterAll(async () => {
    await Promise.all([asAnn, asBen].map((client) => client.removeAllChannels()));
    await server?.close();
  });

  it('signs in with the password form and refreshes the session', async () => {
    const client = supabaseClient(server.url, ANON_KEY);
    const signedIn = await client.auth.signInWithPassword({ email: ann.email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
      expires_at: expect.any(Number),
      user: { id: ann.id, email: ann.email },
    });
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session!.refresh_token);
    await client.auth.signOut({ scope: 'local' });
  });

  it('onboards: reads its username, then sets it with a minimal return', async () => {
    const read = await asAnn.from('profiles').select('username').eq('id', ann.id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ username: expect.stringMatching(/^user_/) }]);
    for (const [client, user, name] of [
      [asAnn, ann, `ann_${driver}`],
      [asBen, ben, `ben_${driver}`],
    ] as const) {
      const updated = await client
        .from('profiles')
        .update({ username: name, updated_at: new Date().toISOString() })
        .eq('id', user.id);
      expect(updated).toMatchObject({ status: 204, error: null });
    }
    expect((await asAnn.from('profiles').select('username').eq('id', ann.id)).data).toEqual([
      { username: `ann_${driver}` },
    ]);
  });

  it('pairs through the RPCs, watched by both Realtime subscriptions', async () => {
    const connections = await subscribe(asAnn, 'pairing', [
      { event: 'INSERT', schema: 'public', table: 'partner_connections' },
    ]);
    const profile = await subscribe(asAnn, 'own-profile', [
      { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${ann.id}` },
    ]);
    expect(await asAnn.rpc('has_partner')).toMatchObject({ data: false, error: null });
    const generated = await asAnn.rpc('generate_pairing_code');
    expect(generated.data).toMatchObject({ success: true, code: expect.any(String), error: null });
    const connected = await asBen.rpc('connect_with_pairing_code', {
      pairing_code: (generated.data as { code: string }).code,
    });
    expect(connected.data).toMatchObject({ success: true, error: null });

    expect((await connections.next()).new).toMatchObject({ user1_id: ann.id, user2_id: ben.id });
    expect((await profile.next()).new).toMatchObject({ id: ann.id, partner_id: ben.id });
    expect(await asAnn.rpc('has_partner')).toMatchObject({ data: true });
    expect(await asAnn.rpc('get_my_partner_id')).toMatchObject({ data: ben.id });
  });

  it('sends a desire through the table when the live channel is down', async () => {
    const sent = await asAnn
      .from('messages')
      .insert({ sender_id: ann.id, receiver_id: ben.id, intensity: 7, urgency: 4 });
    expect(sent).toMatchObject({ status: 201, error: null });
    const inbox = await asBen
      .from('messages')
      .select('sender_id, intensity')
      .eq('receiver_id', ben.id);
    expect(inbox.data).toEqual([{ sender_id: ann.id, intensity: 7 }]);
  });

  it('uses the debug helpers, the Farcaster lookups and the notification tokens', async () => {
    expect(
      (
        await asAnn.rpc('log_debug', {
          p_function_name: 'walk',
          p_input_params: { step: 1 },
          p_error_message: 'none',
        })
      ).data,
    ).toMatchObject({ success: true });
    const logs = await asBen.rpc('get_recent_debug_logs', { p_limit: 5, p_function_name: 'walk' });
    expect(logs.data).toEqual([expect.objectContaining({ function_name: 'walk' })]);
    expect((await asAnn.rpc('debug_message_access')).data).toMatchObject({
      user_id: ann.id,
      partner_id: ben.id,
      sent_count: 1,
    });

    // An e-mail account has no fid: the lookup finds nobody, as for an unknown fid.
    expect((await asAnn.from('profiles').select('id').eq('farcaster_id', 123)).data).toEqual([]);

    const stored = await asAnn.rpc('store_notification_token', {
      p_platform: 'farcaster',
      p_token: 'walk-token',
    });
    expect(stored.data).toMatchObject({ success: true });
    const tokens = await asBen.rpc('get_user_notification_tokens', { p_user_id: ann.id });
    expect(tokens.data).toMatchObject({
      success: true,
      tokens: [{ platform: 'farcaster', token: 'walk-token' }],
    });
  });

  it('keeps one push subscription by upsert and deletes it', async () => {
    const subscription = {
      endpoint: 'https://push.example.com/send/walk',
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    for (const endpoint of ['https://push.example.com/send/a', 'https://push.example.com/send/b']) {
      const upserted = await asAnn.from('push_subscriptions').upsert(
        {
          user_id: ann.id,
          subscription: { ...subscription, endpoint },
          updated_at: new Date().toISOString(),
        },
        { onConflict: 'user_id' },
      );
      expect(upserted.error).toBeNull();
    }
    const { rows } = await server.database.db.query<{ subscription: { endpoint: string } }>(
      'SELECT subscription FROM push_subscriptions WHERE user_id = $1',
      [ann.id],
    );
    expect(rows.map((row) => row.subscription.endpoint)).toEqual([
      'https://push.example.com/send/b',
    ]);
    const deleted = await asAnn.from('push_subscriptions').delete().eq('user_id', ann.id);
    expect(deleted.error).toBeNull();
  });

  it('disconnects and signs out', async () => {
    const ended = await asBen.rpc('disconnect_from_partner');
    expect(ended.data).toMatchObject({ success: true, error: null });
    expect(await asAnn.rpc('get_my_partner_id')).toMatchObject({ data: null });
    expect((await asAnn.auth.signOut()).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await asAnn.rpc('has_partner')).error).not.toBeNull();
  });
});
