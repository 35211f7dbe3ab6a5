import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_ERRORS } from '@couple/protocol';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import type { TestServer } from './helpers/server.js';
import { createUser } from './helpers/api.js';
import { pause } from './helpers/live-client.js';
import { gateDatabase, type GatedDatabase } from './helpers/gated-database.js';
import {
  connectAndWatch,
  handshakeRead,
  joinRealtime,
  realtimeOutcome,
  sessionCheckRead,
  sessionOf,
  signInAgain,
  signOutOthers,
} from './helpers/revocation.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ANON_KEY = 'test-anon-key-revocation-scale-01';
const SIGNED_OUT = ['refused', 'io server disconnect'];
/** Ample time for the revocation to cross Redis to the other instance. */
const CROSSING_MS = 300;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, so CI always runs this.
describe.skipIf(!databaseUrl || !redisUrl)(
  'a revocation on one instance during a handshake or join on the other (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let instances: TwoInstances;
    let first: TestServer;
    let second: TestServer;
    let gate: GatedDatabase;

    beforeAll(async () => {
      instances = await startTwoInstances(
        redisUrl!,
        { ANON_KEY },
        {
          secondDb: (db) => {
            gate = gateDatabase(db);
            return gate.db;
          },
        },
      );
      ({ first, second } = instances);
    });
    afterAll(() => instances?.close());

    it('disconnects every socket whose handshake overlapped the sign-out, on either instance', async () => {
      const user = await createUser(first.url);
      const [phone, laptop] = [
        await signInAgain(first.url, user),
        await signInAgain(first.url, user),
      ];
      const hold = gate.holdNext(handshakeRead(sessionOf(phone)));
      const overlapping = connectAndWatch(second.url, phone);
      await hold.held;
      const concurrent = [first, second, first, second].map((server, index) =>
        connectAndWatch(server.url, index < 2 ? phone : user.token),
      );
      expect(await signOutOthers(first.url, laptop)).toBe(2);
      await pause(CROSSING_MS);
      hold.release();

      expect(await overlapping).toBe('io server disconnect');
      for (const outcome of await Promise.all(concurrent)) expect(SIGNED_OUT).toContain(outcome);
      expect(await connectAndWatch(second.url, laptop, 300)).toBe('still open');
    });

    it('refuses a Realtime join on the other instance whose token check overlapped the sign-out', async () => {
      const user = await createUser(first.url);
      const [phone, laptop] = [
        await signInAgain(first.url, user),
        await signInAgain(first.url, user),
      ];
      const hold = gate.holdNext(sessionCheckRead(sessionOf(phone)));
      const channel = await joinRealtime(second.url, ANON_KEY, phone);
      await hold.held;
      expect(await signOutOthers(first.url, laptop)).toBe(2);
      await pause(CROSSING_MS);
      hold.release();

      expect(await realtimeOutcome(channel)).toMatch(
        new RegExp(`^(refused|closed): ${REALTIME_ERRORS.sessionEnded}$`),
      );
      channel.ws.close();
    });
  },
);
