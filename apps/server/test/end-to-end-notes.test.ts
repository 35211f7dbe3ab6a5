import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EncryptionDataV2, Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { fakeV2, identityKey, publishKey, v2Desire, type IdentityKey } from './helpers/keys.js';
import { loadConfig } from '../src/config.js';
import { connectLive, emitWithAck } from './helpers/live-client.js';
import { desireNotification } from '../src/farcaster/payloads.js';
import { newDesirePayload } from '../src/push/payloads.js';

const ANON_KEY = 'test-anon-key-0123456789';
const SECRET_V1 = {
  encrypted: true,
  content: 'q83vEjRWeJq8',
  encryptionData: { iv: 'AAECAwQFBgcICQoL', salt: 'AAECAwQFBgcICQoLDA0ODw==', version: 1 },
};

const retriedV1 = desire({ ...SECRET_V1, id: crypto.randomUUID() });

/** The send rules of end-to-end notes (migration 010), on every way in. */
describe.each(DRIVERS)('end-to-end encrypted notes (%s)', (driver) => {
  const logLines: string[] = [];
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let aliceKey: IdentityKey;
  let bobKey: IdentityKey;

  const send = (user: TestUser, body: unknown) =>
    request<{ message: Message; code?: string }>(server.url, 'POST', '/api/messages', {
      token: user.token,
      body,
    });

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { ANON_KEY },
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    [alice, bob, carol, dave] = (await Promise.all(
      Array.from({ length: 4 }, () => createUser(server.url)),
    )) as [TestUser, TestUser, TestUser, TestUser];
    await pair(server.url, alice, bob);
    await pair(server.url, carol, dave);
  });
  afterAll(() => server?.close());

  it('accepts v1 notes while the partner has no key', async () => {
    expect((await send(alice, retriedV1)).status).toBe(201);
    await publishKey(server.url, carol);
    expect((await send(carol, desire(SECRET_V1))).status).toBe(201);
    expect((await send(carol, desire({ content: 'plain words' }))).status).toBe(201);
  });

  it('refuses v2 while the receiver has no key', async () => {
    const carolKey = (
      await request<{ own: { key_id: string } }>(server.url, 'GET', '/api/keys', {
        token: carol.token,
      })
    ).body.own.key_id;
    const answer = await send(carol, v2Desire(fakeV2(carolKey, [carolKey])));
    expect(answer).toMatchObject({ status: 409, body: { code: 'partner_key_changed' } });
  });

  it('stores a v2 note as sent and returns it unchanged in both lists', async () => {
    [aliceKey, bobKey] = [await publishKey(server.url, alice), await publishKey(server.url, bob)];
    const data = fakeV2(aliceKey.key_id, [bobKey.key_id, aliceKey.key_id]);
    const body = v2Desire(data);
    const sent = await send(alice, body);
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ encrypted: true, note: null });
    const inbox = await request<{ messages: Message[] }>(server.url, 'GET', '/api/messages', {
      token: bob.token,
    });
    const outbox = await request<{ messages: Message[] }>(server.url, 'GET', '/api/messages/sent', {
      token: alice.token,
    });
    for (const listed of [sent.body.message, inbox.body.messages[0], outbox.body.messages[0]]) {
      expect(listed?.id).toBe(sent.body.message.id);
      expect(listed?.note_encrypted).toBe(body.content);
      expect(listed?.encryption_data).toEqual(data);
    }
  });

  it('takes a retry of the same v2 note as a duplicate', async () => {
    const body = { ...v2Desire(fakeV2(aliceKey.key_id, [bobKey.key_id])), id: crypto.randomUUID() };
    expect((await send(alice, body)).status).toBe(201);
    expect((await send(alice, body)).status).toBe(200);
  });

  it('refuses v1 and plain-text notes once both have keys, but not a desire without a note', async () => {
    expect(await send(alice, desire(SECRET_V1))).toMatchObject({
      status: 409,
      body: { code: 'encryption_upgrade_required' },
    });
    expect(await send(bob, desire({ content: 'plain words' }))).toMatchObject({
      status: 409,
      body: { code: 'encryption_upgrade_required' },
    });
    expect((await send(bob, desire({ content: null }))).status).toBe(201);
    // Stored before the keys: its retry is still the same desire, answered 200.
    expect((await send(alice, retriedV1)).status).toBe(200);
  });

  it('refuses a v2 note for a stale key, from either side', async () => {
    const oldBobKey = bobKey;
    bobKey = await publishKey(server.url, bob);
    const stale = await send(alice, v2Desire(fakeV2(aliceKey.key_id, [oldBobKey.key_id])));
    expect(stale).toMatchObject({ status: 409, body: { code: 'partner_key_changed' } });
    const staleSender = await send(bob, v2Desire(fakeV2(oldBobKey.key_id, [aliceKey.key_id])));
    expect(staleSender).toMatchObject({ status: 409, body: { code: 'partner_key_changed' } });
    expect((await send(alice, v2Desire(fakeV2(aliceKey.key_id, [bobKey.key_id])))).status).toBe(
      201,
    );
  });

  it('applies the same rules on the live channel and /rest/v1', async () => {
    const socket = await connectLive(server.url, alice.token);
    try {
      const refused = await emitWithAck(socket, 'send_message', desire(SECRET_V1));
      expect(refused).toMatchObject({ ok: false, code: 'encryption_upgrade_required' });
      const data: EncryptionDataV2 = fakeV2(aliceKey.key_id, [bobKey.key_id]);
      const accepted = await emitWithAck<{ message: Message }>(
        socket,
        'send_message',
        v2Desire(data),
      );
      expect(accepted).toMatchObject({ ok: true, data: { message: { encryption_data: data } } });
    } finally {
      socket.close();
    }
    const rest = (body: Record<string, unknown>) =>
      request(server.url, 'POST', '/rest/v1/messages', {
        token: alice.token,
        headers: { apikey: ANON_KEY, prefer: 'return=representation' },
        body: { sender_id: alice.id, receiver_id: bob.id, intensity: 3, urgency: 3, ...body },
      });
    const v2 = v2Desire(fakeV2(aliceKey.key_id, [bobKey.key_id]));
    const stored = await rest({
      encrypted: true,
      note_encrypted: v2.content,
      encryption_data: v2.encryptionData,
    });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject([{ encryption_data: v2.encryptionData }]);
    expect((await rest({ note: 'plain words' })).status).toBe(409);
  });

  it('refuses ill-formed v2 data with 400 before any rule', async () => {
    const good = fakeV2(aliceKey.key_id, [bobKey.key_id]);
    for (const data of [
      { ...good, recipients: [] },
      { ...good, extra: 'x' },
      { ...good, iv: `${good.iv}A` },
      { ...good, sender_key_id: 'short' },
    ]) {
      expect(await send(alice, v2Desire(data as EncryptionDataV2))).toMatchObject({
        status: 400,
        body: { code: 'invalid_input' },
      });
    }
  });

  it('never writes note ciphertext or key material to the log', async () => {
    const data = fakeV2(aliceKey.key_id, [bobKey.key_id]);
    const body = v2Desire(data);
    logLines.length = 0;
    expect((await send(alice, body)).status).toBe(201);
    await request(server.url, 'GET', '/api/messages', { token: bob.token });
    await request(server.url, 'GET', '/api/keys', { token: bob.token });
    const nextAliceKey = await publishKey(server.url, alice);
    expect(logLines.length).toBeGreaterThan(0);
    const secrets = [
      body.content,
      data.iv,
      ...data.recipients.flatMap((r) => [r.enc, r.wrapped_key]),
      aliceKey.public_key,
      bobKey.public_key,
      nextAliceKey.public_key,
    ];
    const log = logLines.join('\n');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('notification payloads of a v2 note', () => {
  it('carry the scores and the sender, never the ciphertext or its keys', async () => {
    const data = fakeV2(identityKey().key_id, [identityKey().key_id]);
    const body = v2Desire(data);
    const message: Message = {
      id: crypto.randomUUID(),
      sender_id: crypto.randomUUID(),
      receiver_id: crypto.randomUUID(),
      intensity: 9,
      urgency: 9,
      encrypted: true,
      note: null,
      note_encrypted: body.content,
      encryption_data: data,
      read_at: null,
      is_read: false,
      created_at: new Date().toISOString(),
    };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const payloads = JSON.stringify([
      newDesirePayload(
        { userId: message.receiver_id, publicUrl: config.PUBLIC_URL, locale: 'en', unreadCount: 1 },
        'alice',
        message.intensity,
        message.urgency,
      ),
      desireNotification(config, message, 'alice', 'en'),
    ]);
    for (const secret of [body.content, data.iv, data.recipients[0]!.enc]) {
      expect(payloads).not.toContain(secret);
    }
  });
});
