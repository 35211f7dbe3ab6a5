import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS } from '@couple/protocol';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser } from './helpers/api.js';
import { connectLive, emitWithAck } from './helpers/live-client.js';
import { SESSION_CHECK_TTL_MS } from '../src/auth/session-check.js';
import { gateDatabase, type GatedDatabase } from './helpers/gated-database.js';
import { liveOutcome, revokeUnannounced, sessionOf, signInAgain } from './helpers/revocation.js';
import {
  handshakesDuringSignOut,
  realtimeJoinDuringSignOut,
  SESSION_ENDED,
  SIGNED_OUT,
} from './helpers/revocation-races.js';

const ANON_KEY = 'test-anon-key-revocation-races-01';

/**
 * "Sign out everywhere else" while connections are being opened: the session check reads the
 * session as active, the revocation commits and is announced, and only then does the connection
 * join. Then a session ended unannounced, met by a socket's next event. The periodic re-check is
 * left at its default (30 s), so it closes nothing here.
 */
describe.each(DRIVERS)('a revocation during a handshake, a join or an event (%s)', (driver) => {
  let database: TestDatabase;
  let gate: GatedDatabase;
  let server: TestServer;
  let offset = 0;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    gate = gateDatabase(database.db);
    server = await startTestServer(driver, {
      database: { ...database, db: gate.db },
      env: { ANON_KEY },
      clock: { now: () => Date.now() + offset },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('disconnects every socket whose handshake overlapped the sign-out', async () => {
    const setup = { connectTo: server.url, signOutAt: server.url, gate, anonKey: ANON_KEY };
    const { overlapping, concurrent, laptop } = await handshakesDuringSignOut(setup);
    expect(overlapping).toBe('io server disconnect');
    for (const outcome of concurrent) expect(SIGNED_OUT).toContain(outcome);
    expect(laptop).toBe('still open');
  });

  it('refuses a Realtime join whose token check overlapped the sign-out', async () => {
    const setup = { connectTo: server.url, signOutAt: server.url, gate, anonKey: ANON_KEY };
    expect(await realtimeJoinDuringSignOut(setup)).toMatch(SESSION_ENDED);
  });

  it('disconnects a socket at its next event once its session has ended unannounced', async () => {
    const user = await createUser(server.url);
    const phone = await signInAgain(server.url, user);
    const socket = await connectLive(server.url, phone);
    expect(await emitWithAck(socket, CLIENT_EVENTS.getUnreadCount)).toMatchObject({ ok: true });
    await revokeUnannounced(server, sessionOf(phone));
    offset += SESSION_CHECK_TTL_MS;

    const ended = liveOutcome(Promise.resolve(socket));
    await expect(emitWithAck(socket, CLIENT_EVENTS.getUnreadCount)).rejects.toThrow();
    expect(await ended).toBe('io server disconnect');
  });
});
