import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { Message } from '@couple/protocol';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import type { TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, emitWithAck, nextEvent } from './helpers/live-client.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, so CI always runs this.
describe.skipIf(!databaseUrl || !redisUrl)(
  'two instances on one PostgreSQL and one Redis (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let instances: TwoInstances;
    let first: TestServer;
    let second: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let aliceSocket: Socket;
    let bobSocket: Socket;

    beforeAll(async () => {
      instances = await startTwoInstances(redisUrl!);
      ({ first, second } = instances);
      alice = await createUser(first.url);
      bob = await createUser(second.url);
      aliceSocket = await connectLive(first.url, alice.token);
      bobSocket = await connectLive(second.url, bob.token);
    });
    afterAll(async () => {
      aliceSocket?.close();
      bobSocket?.close();
      await instances?.close();
    });

    it('tells a partner on the other instance that the code was redeemed', async () => {
      const aliceUpdate = nextEvent(aliceSocket, 'partner_status_update');
      const bobUpdate = nextEvent(bobSocket, 'partner_status_update');
      await pair(second.url, alice, bob);
      expect(await aliceUpdate).toMatchObject({ status: 'accepted', partner: { id: bob.id } });
      expect(await bobUpdate).toMatchObject({ status: 'accepted', partner: { id: alice.id } });
    });

    it('delivers a desire sent through one instance to the partner connected to the other', async () => {
      const received = nextEvent(bobSocket, 'new_message');
      const unread = nextEvent(bobSocket, 'unread_count');
      const ack = await emitWithAck<{ message: Message }>(
        aliceSocket,
        'send_message',
        desire({ intensity: 10 }),
      );
      expect(ack.ok).toBe(true);
      const message = ack.ok ? ack.data.message : undefined;
      expect(await received).toEqual(message);
      expect(await unread).toEqual({ count: 1 });
    });

    it('carries desires and read receipts the other way too', async () => {
      const received = nextEvent(aliceSocket, 'new_message');
      const sent = await request(second.url, 'POST', '/api/messages', {
        token: bob.token,
        body: desire(),
      });
      expect((await received).id).toBe(sent.body.message?.id);

      const receipt = nextEvent(bobSocket, 'messages_marked_read');
      await emitWithAck(aliceSocket, 'mark_read');
      expect(await receipt).toMatchObject({
        ids: [sent.body.message?.id],
        all: true,
        readerId: alice.id,
      });
    });

    it('tells both sides across instances when the couple disconnects', async () => {
      const aliceUpdate = nextEvent(aliceSocket, 'partner_status_update');
      const bobUpdate = nextEvent(bobSocket, 'partner_status_update');
      await request(first.url, 'POST', '/api/partner/disconnect', { token: alice.token });
      const update = { status: 'none', partner: null, ended_by: alice.id };
      expect(await aliceUpdate).toEqual(update);
      expect(await bobUpdate).toEqual(update);
    });

    it('refuses a signed-out token on the other instance at once, though it was just accepted', async () => {
      const login = await request(first.url, 'POST', '/api/auth/login', {
        body: { email: alice.email, password: alice.password },
      });
      const token = login.body.access_token as string;
      // The second instance has just seen the session as active (and may cache that).
      expect((await request(second.url, 'GET', '/api/profile', { token })).status).toBe(200);
      expect((await request(first.url, 'POST', '/api/auth/logout', { token })).status).toBe(204);
      const deadline = Date.now() + 2_000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await request(second.url, 'GET', '/api/profile', { token })).status;
      }
      expect(status).toBe(401);
    });
  },
);
