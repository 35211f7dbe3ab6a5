import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SignJWT } from 'jose';
import {
  LIVE_OPERATIONS,
  TEXTS,
  type ErrorCode,
  type LiveEventName,
  type Message,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { caughtUp, connectLive, emitWithAck, nextEvent, record } from './helpers/live-client.js';

describe.each(DRIVERS)('live channel (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceSocket: Socket;
  let bobSocket: Socket;

  beforeAll(async () => {
    server = await startTestServer(driver);
    alice = await createUser(server.url);
    bob = await createUser(server.url);
    aliceSocket = await connectLive(server.url, alice.token);
    bobSocket = await connectLive(server.url, bob.token);
  });
  afterAll(async () => {
    aliceSocket?.close();
    bobSocket?.close();
    await server.close();
  });

  it('refuses a missing, forged or expired token with Unauthorized', async () => {
    await expect(connectLive(server.url, undefined)).rejects.toThrow('Unauthorized');
    await expect(connectLive(server.url, 'not-a-jwt')).rejects.toThrow('Unauthorized');
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough'));
    await expect(connectLive(server.url, forged)).rejects.toThrow('Unauthorized');
  });

  it('tells both partners when a code is redeemed, with the other one as partner', async () => {
    const aliceUpdate = nextEvent(aliceSocket, 'partner_status_update');
    const bobUpdate = nextEvent(bobSocket, 'partner_status_update');
    await pair(server.url, alice, bob);
    expect(await aliceUpdate).toEqual({
      status: 'accepted',
      partner: { id: bob.id, username: bob.username },
    });
    expect(await bobUpdate).toEqual({
      status: 'accepted',
      partner: { id: alice.id, username: alice.username },
    });
  });

  it('delivers a desire sent on the socket: ack after commit, message_sent, new_message and unread_count', async () => {
    const sent = nextEvent(aliceSocket, 'message_sent');
    const received = nextEvent(bobSocket, 'new_message');
    const unread = nextEvent(bobSocket, 'unread_count');
    const ack = await emitWithAck<{ message: Message }>(aliceSocket, 'send_message', {
      receiverId: bob.id,
      intensity: 8,
      urgency: '6',
      content: 'now',
      encrypted: false,
      encryptionData: null,
    });
    expect(ack.ok).toBe(true);
    const message = ack.ok ? ack.data.message : undefined;
    expect(message).toMatchObject({
      sender_id: alice.id,
      receiver_id: bob.id,
      intensity: 8,
      urgency: 6,
      note: 'now',
    });
    expect(await sent).toEqual(message);
    expect(await received).toEqual(message);
    expect(await unread).toEqual({ count: 1 });
    const stored = await request(server.url, 'GET', '/api/messages', { token: bob.token });
    expect(stored.body.messages?.[0]?.id).toBe(message?.id);
  });

  it('emits exactly the same events for a desire sent over HTTP', async () => {
    const sent = nextEvent(aliceSocket, 'message_sent');
    const received = nextEvent(bobSocket, 'new_message');
    const unread = nextEvent(bobSocket, 'unread_count');
    const response = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire(),
    });
    expect(response.status).toBe(201);
    expect(await sent).toEqual(response.body.message);
    expect(await received).toEqual(response.body.message);
    expect(await unread).toEqual({ count: 2 });
  });

  it('does not deliver a retried desire twice', async () => {
    const received = record(bobSocket, 'new_message');
    const id = crypto.randomUUID();
    const first = await emitWithAck(aliceSocket, 'send_message', { ...desire(), id });
    const retry = await emitWithAck(aliceSocket, 'send_message', { ...desire(), id });
    expect(first.ok && retry.ok).toBe(true);
    await caughtUp(bobSocket);
    expect(received.filter((m) => m.id === id)).toHaveLength(1);
    bobSocket.off('new_message');
  });

  it('answers bad payloads with an error event and an error ack, and keeps the connection', async () => {
    const cases: [unknown, string, ErrorCode?][] = [
      [{ intensity: 11, urgency: 5 }, 'intensity must be an integer from 0 to 10'],
      [{ intensity: 5, urgency: 'x' }, 'urgency must be an integer from 0 to 10'],
      [
        { intensity: 5, urgency: 5, content: 'x'.repeat(201) },
        'Note must be at most 200 characters',
      ],
      [
        { intensity: 5, urgency: 5, receiverId: alice.id },
        'You can only send desires to your partner',
        'not_partner',
      ],
      ['not an object', 'Invalid input: expected object, received string'],
      [null, 'Invalid input: expected object, received null'],
      [{ intensity: 5, urgency: 5, note: 'tonight?' }, 'Unknown field: note', 'unknown_field'],
      [
        { intensity: 5, urgency: 5, content: 'a\u0000b' },
        'content must not contain control characters',
      ],
    ];
    for (const [payload, expected, code = 'invalid_input'] of cases) {
      const errorEvent = nextEvent(aliceSocket, 'error');
      const ack = await emitWithAck(aliceSocket, 'send_message', payload);
      expect(ack).toEqual({ ok: false, error: expected, code });
      expect(await errorEvent).toEqual({ message: expected, code, event: 'send_message' });
    }
    const markBad = await emitWithAck(aliceSocket, 'mark_read', { ids: ['not-a-uuid'] });
    expect(markBad).toMatchObject({ ok: false, error: 'Invalid message id' });
    const sendNoAck = nextEvent(aliceSocket, 'error');
    aliceSocket.emit('send_message', { intensity: -1, urgency: 0 });
    expect((await sendNoAck).message).toBe('intensity must be an integer from 0 to 10');
    expect(aliceSocket.connected).toBe(true);
  });

  it("refuses on every live event a payload its route's body schema refuses, and stays connected", async () => {
    const validBodies: Record<LiveEventName, object> = {
      send_message: desire(),
      mark_read: { ids: [] },
      get_unread_count: {},
      partner_status: {},
    };
    for (const event of LIVE_OPERATIONS.keys()) {
      const cases: [unknown, string, ErrorCode][] = [
        [{ ...validBodies[event], stray: 1 }, 'Unknown field: stray', 'unknown_field'],
        [[1], 'Invalid input: expected object, received array', 'invalid_input'],
      ];
      for (const [payload, error, code] of cases) {
        const errorEvent = nextEvent(aliceSocket, 'error');
        const ack = await emitWithAck(aliceSocket, event, payload);
        expect(ack, event).toEqual({ ok: false, error, code });
        expect(await errorEvent, event).toEqual({ message: error, code, event });
      }
    }
    expect(aliceSocket.connected).toBe(true);
  });

  it('answers get_unread_count and partner_status', async () => {
    const count = nextEvent(bobSocket, 'unread_count');
    const ack = await emitWithAck(bobSocket, 'get_unread_count');
    expect(ack).toEqual({ ok: true, data: { count: 3 } });
    expect(await count).toEqual({ count: 3 });
    const status = nextEvent(bobSocket, 'partner_status_update');
    await emitWithAck(bobSocket, 'partner_status');
    expect(await status).toEqual({
      status: 'accepted',
      partner: { id: alice.id, username: alice.username },
    });
  });

  it('marks some, then all, read and tells both partners', async () => {
    const list = await request(server.url, 'GET', '/api/messages', { token: bob.token });
    const firstId = list.body.messages![0]!.id;
    const aliceSees = nextEvent(aliceSocket, 'messages_marked_read');
    const bobSees = nextEvent(bobSocket, 'messages_marked_read');
    const bobCount = nextEvent(bobSocket, 'unread_count');
    const ack = await emitWithAck(bobSocket, 'mark_read', { ids: [firstId] });
    expect(ack).toEqual({ ok: true, data: { ids: [firstId], count: 1 } });
    expect(await aliceSees).toEqual({ ids: [firstId], all: false, readerId: bob.id });
    expect(await bobSees).toEqual({ ids: [firstId], all: false, readerId: bob.id });
    expect(await bobCount).toEqual({ count: 2 });

    const aliceAll = nextEvent(aliceSocket, 'messages_marked_read');
    const all = await emitWithAck<{ count: number }>(bobSocket, 'mark_read');
    expect(all.ok && all.data.count).toBe(2);
    expect(await aliceAll).toMatchObject({ all: true, readerId: bob.id });
    expect(
      (await request(server.url, 'GET', '/api/messages/unread-count', { token: bob.token })).body,
    ).toEqual({ count: 0 });
  });

  it('cannot mark its own sent desires read from the sender side', async () => {
    const response = await emitWithAck(aliceSocket, 'send_message', desire());
    const id = response.ok ? (response.data as { message: Message }).message.id : '';
    const ack = await emitWithAck(aliceSocket, 'mark_read', { ids: [id] });
    expect(ack).toEqual({ ok: false, error: 'Message not found', code: 'message_not_found' });
  });

  it('sends a desire over the socket and over HTTP through one handler, of one contract entry', async () => {
    const operation = server.app.operations.get('sendDesire');
    const live = server.app.operations.liveEvents().find(([event]) => event === 'send_message');
    expect(live?.[1]).toBe(operation);
    const handler = vi.spyOn(operation, 'handler');
    try {
      const overSocket = await emitWithAck(aliceSocket, 'send_message', desire());
      const overHttp = await request(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire(),
      });
      expect(overSocket.ok).toBe(true);
      expect(overHttp.status).toBe(201);
      expect(handler.mock.calls.map(([input]) => input.user.userId)).toEqual([alice.id, alice.id]);
    } finally {
      handler.mockRestore();
    }
  });

  it('refuses a bad desire with the same error over the socket and over HTTP', async () => {
    for (const body of [
      desire({ intensity: 11 }),
      desire({ stray: 1 }),
      desire({ receiverId: alice.id }),
    ]) {
      const ack = await emitWithAck(aliceSocket, 'send_message', body);
      const response = await request(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(ack).toEqual({ ok: false, ...response.body });
    }
  });

  it('tells both partners when either disconnects, and refuses sends afterwards', async () => {
    const aliceUpdate = nextEvent(aliceSocket, 'partner_status_update');
    const bobUpdate = nextEvent(bobSocket, 'partner_status_update');
    await request(server.url, 'POST', '/api/partner/disconnect', { token: alice.token });
    const update = { status: 'none', partner: null, ended_by: alice.id };
    expect(await aliceUpdate).toEqual(update);
    expect(await bobUpdate).toEqual(update);
    const ack = await emitWithAck(aliceSocket, 'send_message', desire());
    expect(ack).toEqual({
      ok: false,
      error: TEXTS.noConnectedPartner,
      code: 'no_connected_partner',
    });
  });

  it('ends the live channel of a session that signs out, and refuses its token afterwards', async () => {
    const login = await request(server.url, 'POST', '/api/auth/login', {
      body: { email: bob.email, password: bob.password },
    });
    const token = login.body.access_token as string;
    const socket = await connectLive(server.url, token);
    const other = await connectLive(server.url, bob.token);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await request(server.url, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await ended).toBe('io server disconnect');
    await expect(connectLive(server.url, token)).rejects.toThrow('Unauthorized');
    // Bob's other session is untouched.
    expect(other.connected).toBe(true);
    other.close();
  });

  it('ends the live channel when a stolen refresh token is replayed', async () => {
    const login = await request(server.url, 'POST', '/api/auth/login', {
      body: { email: alice.email, password: alice.password },
    });
    const socket = await connectLive(server.url, login.body.access_token as string);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const refresh = { refresh_token: login.body.refresh_token };
    const owner = await request(server.url, 'POST', '/api/auth/refresh', { body: refresh });
    expect(owner.status).toBe(200);
    // The owner refreshes again: the old token replayed now is a theft, not a lost answer's retry.
    const onward = { refresh_token: owner.body.refresh_token };
    expect((await request(server.url, 'POST', '/api/auth/refresh', { body: onward })).status).toBe(
      200,
    );
    expect((await request(server.url, 'POST', '/api/auth/refresh', { body: refresh })).status).toBe(
      401,
    );
    expect(await ended).toBe('io server disconnect');
  });

  it('accepts a refreshed token on reconnect', async () => {
    const refreshed = await request(server.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: alice.session.refresh_token },
    });
    const socket = await connectLive(server.url, refreshed.body.access_token as string);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
