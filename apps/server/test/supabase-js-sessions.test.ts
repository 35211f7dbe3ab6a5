import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, type TestUser } from './helpers/api.js';
import { signedInClient, supabaseClient } from './helpers/supabase.js';
import { subscribe } from './helpers/realtime.js';

const ANON_KEY = 'test-anon-key-sessions-0123456789';

/** The members supabase-js reads from a user beyond ours, with the id they belong to. */
function goTrueMembers(user: User | null | undefined) {
  return {
    id: user?.id,
    aud: user?.aud,
    role: user?.role,
    app_metadata: user?.app_metadata,
    user_metadata: user?.user_metadata,
  };
}

/** Sessions as supabase-js holds them: the user in each answer, and refreshes from two places. */
describe.each(DRIVERS)('supabase-js sessions on /auth/v1 (%s)', (driver) => {
  let server: TestServer;
  let user: TestUser;
  const clients: SupabaseClient[] = [];
  const newClient = () => {
    const client = supabaseClient(server.url, ANON_KEY);
    clients.push(client);
    return client;
  };
  const currentUser = async (client: SupabaseClient) => {
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    return data.user;
  };

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
    user = await createUser(server.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    await server?.close();
  });

  it('gives the whole user at sign-in and at refresh, as getUser does', async () => {
    const client = newClient();
    const signIn = await client.auth.signInWithPassword(user);
    expect(signIn.error).toBeNull();
    const members = goTrueMembers(await currentUser(client));
    expect(members).toEqual({
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    });
    expect(goTrueMembers(signIn.data.user)).toEqual(members);
    expect(goTrueMembers(signIn.data.session?.user)).toEqual(members);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(goTrueMembers(refreshed.data.user)).toEqual(members);
    expect(goTrueMembers(refreshed.data.session?.user)).toEqual(members);
  });

  it('gives the whole user at a sign-up that opens a session', async () => {
    const client = newClient();
    const signUp = await client.auth.signUp({
      email: `sessions-${Date.now()}@example.com`,
      password: 'correct horse',
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    const members = goTrueMembers(await currentUser(client));
    expect(members.aud).toBe('authenticated');
    expect(goTrueMembers(signUp.data.user)).toEqual(members);
    expect(goTrueMembers(signUp.data.session?.user)).toEqual(members);
  });

  it('gives two clients refreshing one token at once the same successor; both go on', async () => {
    const { client: tab } = await signedInClient(server.url, ANON_KEY, user);
    clients.push(tab);
    const parent = (await tab.auth.getSession()).data.session!.refresh_token;
    const worker = newClient();
    const [fromTab, fromWorker] = await Promise.all([
      tab.auth.refreshSession({ refresh_token: parent }),
      worker.auth.refreshSession({ refresh_token: parent }),
    ]);
    expect([fromTab.error, fromWorker.error]).toEqual([null, null]);
    expect(fromWorker.data.session?.refresh_token).toBe(fromTab.data.session?.refresh_token);
    expect((await currentUser(tab))?.id).toBe(user.id);
    expect((await currentUser(worker))?.id).toBe(user.id);
    // Each refreshes what it holds; the second, within the window, gets the first one's successor.
    const [nextTab, nextWorker] = [
      await tab.auth.refreshSession(),
      await worker.auth.refreshSession(),
    ];
    expect([nextTab.error, nextWorker.error]).toEqual([null, null]);
    expect(nextWorker.data.session?.refresh_token).toBe(nextTab.data.session?.refresh_token);
  });

  it('ends the session and its Realtime channel when a used parent comes back', async () => {
    const { client } = await signedInClient(server.url, ANON_KEY, user);
    clients.push(client);
    const subscription = await subscribe(client, 'until-replay', [
      { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${user.id}` },
    ]);
    const parent = (await client.auth.getSession()).data.session!.refresh_token;
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();

    const replay = await newClient().auth.refreshSession({ refresh_token: parent });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    await subscription.status('CLOSED');
    expect((await client.auth.getUser()).error).not.toBeNull();
    expect((await client.auth.refreshSession()).error).not.toBeNull();
  });
});
