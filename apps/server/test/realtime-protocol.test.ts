import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { REALTIME, REALTIME_ERRORS } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import {
  rawSocket,
  realtimeUrl,
  upgradeStatus,
  type RawFrame,
  type RawSocket,
} from './helpers/realtime.js';

const ANON_KEY = 'test-anon-key-realtime-protocol-01';
const JWT_SECRET = 'realtime-protocol-test-secret-0123456789abcdef';
const ALLOWED_ORIGIN = 'https://front.example.com';

const join = (ref: string, topic: string, payload: Record<string, unknown>): RawFrame => [
  ref,
  ref,
  topic,
  'phx_join',
  payload,
];
const replyTo = (ref: string) => (frame: RawFrame) => frame[1] === ref && frame[3] === 'phx_reply';
const changesConfig = (token: string) => ({
  config: { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] },
  access_token: token,
});

/** What supabase-js never sends, and what a hostile or broken client might (issue 18). */
describe.each(DRIVERS)('Realtime protocol errors and limits (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let url: string;
  const sockets: RawSocket[] = [];

  async function open(vsn = '2.0.0'): Promise<RawSocket> {
    const socket = await rawSocket(realtimeUrl(server.url, ANON_KEY, vsn));
    sockets.push(socket);
    return socket;
  }

  /** A token of Alice's session that expires at `exp` (seconds). */
  function tokenExpiringAt(exp: number): Promise<string> {
    return new SignJWT({ sid: decodeJwt(alice.token).sid, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(alice.id)
      .setIssuer('couple-desires')
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(JWT_SECRET));
  }

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { ANON_KEY, JWT_SECRET, CORS_ORIGINS: ALLOWED_ORIGIN },
    });
    url = realtimeUrl(server.url, ANON_KEY);
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await server?.close();
  });

  it('refuses an upgrade without the key, with another version or from a foreign origin', async () => {
    const base = server.url.replace(/^http/, 'ws') + REALTIME.path;
    expect(await upgradeStatus(`${base}?vsn=2.0.0`)).toBe(401);
    expect(await upgradeStatus(realtimeUrl(server.url, 'not-the-key-at-all-000'))).toBe(401);
    expect(await upgradeStatus(realtimeUrl(server.url, ANON_KEY, '3.0.0'))).toBe(400);
    expect(await upgradeStatus(url, { origin: 'https://evil.example.net' })).toBe(403);
    expect(await upgradeStatus(url, { origin: ALLOWED_ORIGIN })).toBe(0);
  });

  it('answers heartbeats in both serializer versions', async () => {
    const socket = await open();
    socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await socket.next(replyTo('1'))).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const old = await open('1.0.0');
    old.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' }));
    const reply = await new Promise<unknown>((resolve) =>
      old.ws.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    expect(reply).toMatchObject({ topic: 'phoenix', event: 'phx_reply', ref: '7' });
  });

  it('replies with an error to unknown topics, bad joins, bad and expired tokens', async () => {
    const socket = await open();
    socket.send([null, '2', 'realtime:never-joined', 'access_token', { access_token: 'x' }]);
    expect((await socket.next(replyTo('2')))[4]).toEqual({
      status: 'error',
      response: { reason: REALTIME_ERRORS.unmatchedTopic },
    });
    socket.send(join('3', 'realtime:a', { config: { postgres_changes: 'all' } }));
    socket.send(join('4', 'not-realtime', changesConfig(alice.token)));
    socket.send(join('5', 'realtime:b', changesConfig('not.a.token')));
    const expired = await tokenExpiringAt(Math.floor(Date.now() / 1000) - 5);
    socket.send(join('6', 'realtime:c', changesConfig(expired)));
    const reasons = await Promise.all(
      ['3', '4', '5', '6'].map(async (ref) => (await socket.next(replyTo(ref)))[4]),
    );
    expect(reasons).toEqual([
      { status: 'error', response: { reason: REALTIME_ERRORS.badJoin } },
      { status: 'error', response: { reason: REALTIME_ERRORS.badJoin } },
      { status: 'error', response: { reason: REALTIME_ERRORS.invalidToken } },
      { status: 'error', response: { reason: REALTIME_ERRORS.tokenExpired } },
    ]);
  });

  it('ends a channel when its token expires or is replaced by another user’s', async () => {
    const socket = await open();
    const soon = await tokenExpiringAt(Math.floor(Date.now() / 1000) + 2);
    socket.send(join('10', 'realtime:expiring', changesConfig(soon)));
    expect((await socket.next(replyTo('10')))[4]).toMatchObject({ status: 'ok' });
    const systemError = (topic: string) => (frame: RawFrame) =>
      frame[2] === topic && frame[3] === 'system' && frame[4].status === 'error';
    const ended = await socket.next(systemError('realtime:expiring'), 5000);
    expect(ended[4]).toMatchObject({ status: 'error', message: REALTIME_ERRORS.tokenExpired });
    await socket.next((frame) => frame[2] === 'realtime:expiring' && frame[3] === 'phx_close');

    socket.send(join('11', 'realtime:swap', changesConfig(alice.token)));
    await socket.next(replyTo('11'));
    socket.send(['11', '12', 'realtime:swap', 'access_token', { access_token: bob.token }]);
    const swapped = await socket.next(systemError('realtime:swap'));
    expect(swapped[4]).toMatchObject({ message: REALTIME_ERRORS.invalidToken });
  });

  it('refuses what it does not offer, and more channels than the limit', async () => {
    const socket = await open();
    socket.send(join('20', 'realtime:room', changesConfig(alice.token)));
    await socket.next(replyTo('20'));
    socket.send(['20', '21', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'x' }]);
    expect((await socket.next(replyTo('21')))[4]).toMatchObject({ status: 'error' });

    const crowded = await open();
    for (let i = 0; i < REALTIME.maxChannelsPerSocket + 1; i++) {
      crowded.send(join(`c${i}`, `realtime:room-${i}`, { config: {} }));
    }
    const last = await crowded.next(replyTo(`c${REALTIME.maxChannelsPerSocket}`));
    expect(last[4]).toEqual({
      status: 'error',
      response: { reason: REALTIME_ERRORS.tooManyChannels },
    });
  });

  it('closes a socket that sends a bad frame, a huge frame or a flood, and stays up', async () => {
    const garbage = await open();
    garbage.send('{not json');
    expect((await garbage.closed).code).toBe(REALTIME.close.badFrame);

    const binary = await open();
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(REALTIME.close.badFrame);

    const huge = await open();
    huge.send([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(REALTIME.maxFrameBytes) }]);
    expect((await huge.closed).code).toBe(REALTIME.close.tooBig);

    const flood = await open();
    for (let i = 0; i <= REALTIME.maxFramesPerSecond; i++) {
      flood.send([null, String(i), 'phoenix', 'heartbeat', {}]);
    }
    expect(await flood.closed).toEqual({
      code: REALTIME.close.policy,
      reason: REALTIME_ERRORS.tooManyFrames,
    });

    expect((await request(server.url, 'GET', '/api/health')).status).toBe(200);
  });
});
