import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { signedInClient, supabaseClient } from './helpers/supabase.js';
import { subscribe, type Subscription } from './helpers/realtime.js';

const ANON_KEY = 'test-anon-key-realtime-0123456789';

/** SPEC §7's two Realtime subscriptions, made by the real supabase-js client (issue 18). */
describe.each(DRIVERS)('Realtime postgres_changes through supabase-js (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const clients: SupabaseClient[] = [];

  async function signIn(user: TestUser): Promise<SupabaseClient> {
    const { client } = await signedInClient(server.url, ANON_KEY, user);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    [alice, bob, carol] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await server?.close();
  });

  it('delivers the pairing and profile changes to the couple, and nothing to a third user', async () => {
    const [asAlice, asBob, asCarol] = [await signIn(alice), await signIn(bob), await signIn(carol)];
    const connectionsOf = (client: SupabaseClient, name: string) =>
      subscribe(client, name, [
        { event: 'INSERT', schema: 'public', table: 'partner_connections' },
      ]);
    const ownProfile = (client: SupabaseClient, user: TestUser) =>
      subscribe(client, `profile-${user.id}`, [
        { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${user.id}` },
      ]);
    const [aliceConnections, bobConnections, aliceProfile, bobProfile] = [
      await connectionsOf(asAlice, 'alice-connections'),
      await connectionsOf(asBob, 'bob-connections'),
      await ownProfile(asAlice, alice),
      await ownProfile(asBob, bob),
    ];
    const carolEverything: Subscription = await subscribe(asCarol, 'everything', [
      { event: '*', schema: '*' },
    ]);

    await pair(server.url, alice, bob);

    for (const subscription of [aliceConnections, bobConnections]) {
      const change = await subscription.next();
      expect(change).toMatchObject({
        eventType: 'INSERT',
        schema: 'public',
        table: 'partner_connections',
        new: { user1_id: alice.id, user2_id: bob.id, ended_at: null },
        old: {},
      });
      expect(Date.parse(change.commit_timestamp)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(await aliceProfile.next()).toMatchObject({
      eventType: 'UPDATE',
      table: 'profiles',
      new: { id: alice.id, partner_id: bob.id, partner_status: 'accepted' },
      old: { id: alice.id },
    });
    expect((await bobProfile.next()).new).toMatchObject({ id: bob.id, partner_id: alice.id });

    // A change of Alice's own row through supabase-js reaches her filter, not Bob's.
    const { error } = await asAlice
      .from('profiles')
      .update({ username: `${alice.username}x` })
      .eq('id', alice.id);
    expect(error).toBeNull();
    expect(
      (
        await aliceProfile.next(
          (change) => 'username' in change.new && change.new.username === `${alice.username}x`,
        )
      ).new,
    ).toMatchObject({ id: alice.id });

    // Carol, subscribed to every table, sees her own change and none of the couple's.
    await request(server.url, 'PATCH', '/api/profile', {
      token: carol.token,
      body: { username: `${carol.username}y` },
    });
    await carolEverything.next((change) => change.table === 'profiles');
    expect(carolEverything.changes.map((change) => change.new)).toEqual([
      expect.objectContaining({ id: carol.id, username: `${carol.username}y` }),
    ]);
    expect(
      bobProfile.changes.every((change) => (change.new as Record<string, unknown>).id === bob.id),
    ).toBe(true);
  });

  it('a channel joined before sign-in delivers once the token is given', async () => {
    const dave = await createUser(server.url);
    const erin = await createUser(server.url);
    const client = supabaseClient(server.url, ANON_KEY);
    clients.push(client);
    const subscription = await subscribe(client, 'before-sign-in', [
      { event: 'INSERT', schema: 'public', table: 'partner_connections' },
    ]);
    const { data } = await client.auth.signInWithPassword({
      email: dave.email,
      password: dave.password,
    });
    await client.realtime.setAuth(data.session!.access_token);
    await pair(server.url, dave, erin);
    expect((await subscription.next()).new).toMatchObject({ user1_id: dave.id, user2_id: erin.id });
  });

  it('refuses a table it does not publish and a filter it cannot apply, with the reason', async () => {
    const asAlice = await signIn(alice);
    await expect(
      subscribe(asAlice, 'secrets', [{ event: '*', schema: 'public', table: 'refresh_tokens' }]),
    ).rejects.toThrow(/Unable to subscribe to changes/);
    await expect(
      subscribe(asAlice, 'bad-filter', [
        { event: 'UPDATE', schema: 'public', table: 'profiles', filter: 'id=like.%' },
      ]),
    ).rejects.toThrow(/Invalid filter/);
    await expect(
      subscribe(asAlice, 'no-column', [
        { event: 'UPDATE', schema: 'public', table: 'profiles', filter: 'password=eq.x' },
      ]),
    ).rejects.toThrow(/no such column/);
  });

  it('ends the channel when the session is signed out', async () => {
    const frank = await createUser(server.url);
    const { client, token } = await signedInClient(server.url, ANON_KEY, frank);
    clients.push(client);
    const subscription = await subscribe(client, 'until-sign-out', [
      { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${frank.id}` },
    ]);
    const logout = await request(server.url, 'POST', '/api/auth/logout', { token });
    expect(logout.status).toBeLessThan(300);
    await subscription.status('CLOSED');
    expect(subscription.system).toContainEqual(
      expect.objectContaining({ status: 'error', message: 'Session ended' }),
    );
  });
});
