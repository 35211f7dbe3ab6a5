import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';
import type { TestServer } from './helpers/server.js';
import { gateDatabase, type GatedDatabase } from './helpers/gated-database.js';
import {
  handshakesDuringSignOut,
  realtimeJoinDuringSignOut,
  SESSION_ENDED,
  SIGNED_OUT,
  type RaceSetup,
} from './helpers/revocation-races.js';
import { POLL } from './helpers/timing.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ANON_KEY = 'test-anon-key-revocation-scale-01';

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

    /** The device connects to the second instance; the sign-out is made on the first. */
    const setup = (): RaceSetup => {
      // The second instance marks a session revoked when the first's message reaches it.
      const marked = vi.spyOn(second.ctx.sessions, 'markRevoked');
      return {
        connectTo: second.url,
        signOutAt: first.url,
        gate,
        anonKey: ANON_KEY,
        crossed: (sessionId) =>
          vi.waitFor(() => expect(marked).toHaveBeenCalledWith(sessionId), POLL),
      };
    };

    it('disconnects every socket whose handshake overlapped the sign-out, on either instance', async () => {
      const { overlapping, concurrent, laptop } = await handshakesDuringSignOut(setup());
      expect(overlapping).toBe('io server disconnect');
      for (const outcome of concurrent) expect(SIGNED_OUT).toContain(outcome);
      expect(laptop).toBe('still open');
    });

    it('refuses a Realtime join on the other instance whose token check overlapped the sign-out', async () => {
      expect(await realtimeJoinDuringSignOut(setup())).toMatch(SESSION_ENDED);
    });
  },
);
