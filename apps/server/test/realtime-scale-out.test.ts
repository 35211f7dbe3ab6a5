import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import type { TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { signedInClient } from './helpers/supabase.js';
import { subscribe } from './helpers/realtime.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ANON_KEY = 'test-anon-key-realtime-scale-0123';

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, so CI always runs this.
describe.skipIf(!databaseUrl || !redisUrl)(
  'Realtime across two instances on one PostgreSQL and one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let instances: TwoInstances;
    let first: TestServer;
    let second: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    const clients: SupabaseClient[] = [];

    async function signIn(server: TestServer, user: TestUser) {
      const signedIn = await signedInClient(server.url, ANON_KEY, user);
      clients.push(signedIn.client);
      return signedIn;
    }

    beforeAll(async () => {
      instances = await startTwoInstances(redisUrl!, { ANON_KEY });
      ({ first, second } = instances);
      [alice, bob, carol] = [
        await createUser(first.url),
        await createUser(second.url),
        await createUser(second.url),
      ];
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.removeAllChannels()));
      await instances?.close();
    });

    it('delivers a pairing made on one instance to a subscriber on the other, under RLS', async () => {
      const asAlice = (await signIn(first, alice)).client;
      const asCarol = (await signIn(first, carol)).client;
      const connections = await subscribe(asAlice, 'connections', [
        { event: 'INSERT', schema: 'public', table: 'partner_connections' },
      ]);
      const profile = await subscribe(asAlice, 'profile', [
        { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${alice.id}` },
      ]);
      const everything = await subscribe(asCarol, 'everything', [{ event: '*', schema: '*' }]);

      await pair(second.url, alice, bob);
      expect((await connections.next()).new).toMatchObject({
        user1_id: alice.id,
        user2_id: bob.id,
      });
      expect((await profile.next()).new).toMatchObject({ partner_id: bob.id });

      await request(second.url, 'PATCH', '/api/profile', {
        token: carol.token,
        body: { username: `${carol.username}z` },
      });
      await everything.next();
      expect(
        everything.changes.map((change) => (change.new as Record<string, unknown>).id),
      ).toEqual([carol.id]);
    });

    it('ends a channel on one instance when its session is signed out on the other', async () => {
      const { client, token } = await signIn(first, bob);
      const subscription = await subscribe(client, 'bob-profile', [
        { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${bob.id}` },
      ]);
      expect(
        (await request(second.url, 'POST', '/api/auth/logout', { token })).status,
      ).toBeLessThan(300);
      await subscription.status('CLOSED');
    });
  },
);
