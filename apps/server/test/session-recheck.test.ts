import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_ERRORS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser } from './helpers/api.js';
import { connectLive } from './helpers/live-client.js';
import {
  joinRealtime,
  joinReply,
  liveOutcome,
  realtimeOutcome,
  revokeUnannounced,
  sessionOf,
  signInAgain,
} from './helpers/revocation.js';
import { SESSION_CHECK_TTL_MS } from '../src/auth/session-check.js';
import { SESSION_RECHECK_INTERVAL_MS } from '../src/config.js';
import { POLL } from './helpers/timing.js';

const ANON_KEY = 'test-anon-key-session-recheck-001';
const RECHECK_MS = 100;
/**
 * The wait for the closes: shorter than the default interval of the re-check, which would run
 * no sweep in it, and far above RECHECK_MS and any stall of a busy machine.
 */
const BOUND_MS = POLL.timeout;

/**
 * A session ended where this instance never heard of it (here: directly in the database): its
 * open socket and Realtime channel close at the next re-check once the cached "active" answer has
 * aged out. The clock moves the cache on; the re-check runs every RECHECK_MS.
 */
describe.each(DRIVERS)('periodic re-check of open connections (%s)', (driver) => {
  let server: TestServer;
  let offset = 0;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { ANON_KEY, SESSION_RECHECK_MS: String(RECHECK_MS) },
      clock: { now: () => Date.now() + offset },
    });
  });
  afterAll(() => server?.close());

  it('closes the socket and the channel of a session revoked behind the server’s back', async () => {
    const user = await createUser(server.url);
    const phone = await signInAgain(server.url, user);
    const socket = await connectLive(server.url, phone);
    const channel = await joinRealtime(server.url, ANON_KEY, phone);
    expect((await joinReply(channel))[4]).toMatchObject({ status: 'ok' });
    const kept = await connectLive(server.url, user.token);

    await revokeUnannounced(server, sessionOf(phone));
    offset += SESSION_CHECK_TTL_MS;

    // Closed before a sweep at the default interval could have come: by the RECHECK_MS sweeps.
    expect(BOUND_MS).toBeLessThan(SESSION_RECHECK_INTERVAL_MS);
    expect(await liveOutcome(Promise.resolve(socket), BOUND_MS)).toBe('io server disconnect');
    expect(await realtimeOutcome(channel, BOUND_MS)).toBe(
      `closed: ${REALTIME_ERRORS.sessionEnded}`,
    );
    expect(kept.connected).toBe(true);
    kept.close();
    channel.ws.close();
  });
});
