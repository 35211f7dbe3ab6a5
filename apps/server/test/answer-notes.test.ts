import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentity,
  decryptNote,
  encryptNote,
  openNoteV2,
  sealNoteV2,
  type DesireAnswer,
  type Identity,
  type Message,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, nextEvent } from './helpers/live-client.js';
import { decryptPush, startFakePushService, type FakePushService } from './helpers/push-service.js';
import { fakeV2, publishIdentities } from './helpers/keys.js';

const V1_ANSWER = 'yes, after dinner';
const V2_ANSWER = 'come home early, I will be waiting';

/** An answer's note: sealed on the answerer's device as a desire's note is, with its own AAD. */
describe.each(DRIVERS)('the note of an answer (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let alice: TestUser;
  let bob: TestUser;

  const answer = (user: TestUser, id: string, body: unknown) =>
    request<DesireAnswer>(server.url, 'PUT', `/api/messages/${id}/answer`, {
      token: user.token,
      body,
    });
  const sendDesire = async (from: TestUser, to: TestUser) =>
    (
      await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
        token: from.token,
        body: desire({ receiverId: to.id, content: null }),
      })
    ).body.message.id;
  const storedAnswer = async (messageId: string) =>
    (
      await server.database.db.query<{ note_encrypted: string | null; encryption_data: unknown }>(
        'SELECT note_encrypted, encryption_data FROM desire_answers WHERE message_id = $1',
        [messageId],
      )
    ).rows[0];

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent });
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  describe('before either partner has a key (version 1)', () => {
    let desireId: string;
    beforeAll(async () => {
      desireId = await sendDesire(alice, bob);
    });

    it('stores the ciphertext, tells the asker live with it, and pushes no note', async () => {
      const browser = push.subscribe();
      await request(server.url, 'PUT', '/api/push/subscription', {
        token: alice.token,
        body: browser.json,
      });
      const sealed = await encryptNote(V1_ANSWER, bob.id, alice.id);
      const aliceLive = await connectLive(server.url, alice.token);
      try {
        const seen = nextEvent(aliceLive, 'desire_answered');
        const note = {
          content: sealed.ciphertext,
          encryptionData: { iv: sealed.iv, salt: sealed.salt, version: sealed.version },
        };
        const answered = await answer(bob, desireId, { choice: 'in', note });
        expect(answered.status).toBe(200);
        expect(answered.body).toMatchObject({
          choice: 'in',
          note_encrypted: sealed.ciphertext,
          encryption_data: note.encryptionData,
        });
        const live = await seen;
        expect(live.note_encrypted).toBe(sealed.ciphertext);
        const opened = await decryptNote(
          { ciphertext: live.note_encrypted!, ...note.encryptionData },
          alice.id,
          bob.id,
        );
        expect(opened).toBe(V1_ANSWER);
        const pushed = JSON.stringify(decryptPush(browser, await push.nextRequest(browser)));
        expect(pushed).not.toContain(sealed.ciphertext);
        expect(pushed).not.toContain(V1_ANSWER);
      } finally {
        aliceLive.close();
      }
    });

    it('keeps the note when only the choice changes, and removes it on null', async () => {
      const before = await storedAnswer(desireId);
      expect(before?.note_encrypted).toEqual(expect.any(String));
      const changed = await answer(bob, desireId, { choice: 'later' });
      expect(changed.body).toMatchObject({
        choice: 'later',
        note_encrypted: before?.note_encrypted,
      });
      const removed = await answer(bob, desireId, { choice: 'later', note: null });
      expect(removed.body).toMatchObject({ note_encrypted: null, encryption_data: null });
      expect(await storedAnswer(desireId)).toEqual({ note_encrypted: null, encryption_data: null });
    });

    it('lists the note with the desire for both partners', async () => {
      const sealed = await encryptNote('listed', bob.id, alice.id);
      await answer(bob, desireId, {
        choice: 'in',
        note: {
          content: sealed.ciphertext,
          encryptionData: { iv: sealed.iv, salt: sealed.salt, version: 1 },
        },
      });
      for (const [user, box] of [
        [alice, '/api/messages/sent'],
        [bob, '/api/messages'],
      ] as const) {
        const listed = await request<{ answers: DesireAnswer[] }>(server.url, 'GET', box, {
          token: user.token,
        });
        const found = listed.body.answers.find((entry) => entry.message_id === desireId);
        expect(found?.note_encrypted, box).toBe(sealed.ciphertext);
      }
    });
  });

  describe('once both partners have keys (version 2)', () => {
    let aliceIdentity: Identity;
    let bobIdentity: Identity;
    let desireId: string;

    beforeAll(async () => {
      [aliceIdentity, bobIdentity] = [await createIdentity(), await createIdentity()];
      await publishIdentities(server.url, [
        [alice, aliceIdentity],
        [bob, bobIdentity],
      ]);
      desireId = await sendDesire(alice, bob);
    });

    const sealForAlice = (note: string, messageId = desireId) =>
      sealNoteV2({
        note,
        messageId,
        senderId: bob.id,
        receiverId: alice.id,
        purpose: 'answer',
        senderIdentity: bobIdentity,
        partnerPublicKey: aliceIdentity.publicKey,
      });

    it('refuses a version 1 note: the answer must be end-to-end', async () => {
      const legacy = await encryptNote('old format', bob.id, alice.id);
      const refused = await answer(bob, desireId, {
        choice: 'in',
        note: {
          content: legacy.ciphertext,
          encryptionData: { iv: legacy.iv, salt: legacy.salt, version: 1 },
        },
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'encryption_upgrade_required' },
      });
      expect(await storedAnswer(desireId)).toBeUndefined();
    });

    it('holds the rules in the SQL function itself, whoever calls it', async () => {
      const legacy = await encryptNote('straight to the database', bob.id, alice.id);
      const data = JSON.stringify({ iv: legacy.iv, salt: legacy.salt, version: 1 });
      const outcome = async (user: TestUser, note: string | null) =>
        (
          await server.database.db.asUser(user.id, (tx) =>
            tx.query<{ outcome: string }>(
              'SELECT outcome FROM answer_desire($1, $2, $3, $4::jsonb)',
              [desireId, 'in', note, note === null ? null : data],
            ),
          )
        ).rows[0]?.outcome;
      expect(await outcome(bob, legacy.ciphertext)).toBe('upgrade_required');
      expect(await outcome(alice, null)).toBe('not_found');
      expect(await storedAnswer(desireId)).toBeUndefined();
    });

    it('stores a version 2 note that only the asker (and the answerer) can open', async () => {
      const sealed = await sealForAlice(V2_ANSWER);
      const answered = await answer(bob, desireId, {
        choice: 'in',
        note: { content: sealed.noteEncrypted, encryptionData: sealed.encryptionData },
      });
      expect(answered.status).toBe(200);
      const stored = await storedAnswer(desireId);
      expect(JSON.stringify(stored)).not.toContain(V2_ANSWER);
      const opened = await openNoteV2({
        noteEncrypted: answered.body.note_encrypted!,
        encryptionData: answered.body.encryption_data,
        messageId: desireId,
        senderId: bob.id,
        receiverId: alice.id,
        purpose: 'answer',
        myIdentity: aliceIdentity,
        senderPublicKey: bobIdentity.publicKey,
      });
      expect(opened).toBe(V2_ANSWER);
    });

    it('refuses a note sealed to a key that is not current (partner_key_changed)', async () => {
      for (const data of [
        fakeV2(bobIdentity.keyId, [(await createIdentity()).keyId]),
        fakeV2((await createIdentity()).keyId, [aliceIdentity.keyId]),
      ]) {
        const refused = await answer(bob, desireId, {
          choice: 'later',
          note: { content: Buffer.from('sealed bytes').toString('base64'), encryptionData: data },
        });
        expect(refused).toMatchObject({ status: 409, body: { code: 'partner_key_changed' } });
      }
      expect((await storedAnswer(desireId))?.note_encrypted).toEqual(expect.any(String));
    });
  });

  it('refuses a malformed note with 400 and stores nothing', async () => {
    const desireId = await sendDesire(alice, bob);
    const v1 = { iv: 'AAAAAAAAAAAAAAAA', salt: 'AAAAAAAAAAAAAAAAAAAAAAAA', version: 1 };
    for (const note of [
      'plain words',
      { content: 'not base64!' },
      { content: 'AAAA' },
      { content: 'AAAA', encryptionData: { ...v1, version: 3 } },
      { content: 'AAAA', encryptionData: { iv: 'short', salt: v1.salt, version: 1 } },
      { content: 'AAAA', encryptionData: v1, extra: true },
      { content: 'A'.repeat(4_000), encryptionData: v1 },
    ]) {
      const refused = await answer(bob, desireId, { choice: 'in', note });
      expect(refused.status, JSON.stringify(note).slice(0, 80)).toBe(400);
      expect(refused.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect(await storedAnswer(desireId)).toBeUndefined();
  });
});
