import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E2eError,
  createIdentity,
  decryptNote,
  encryptNote,
  identityFromEntropy,
  identityFromPhrase,
  openNoteV2,
  sealNoteV2,
  type DesireAnswer,
  type Identity,
  type IdentityKeysAnswer,
  type KeyPair,
  type Message,
  type Session,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { publishIdentities } from './helpers/keys.js';
import { linkDeviceThroughServer } from './helpers/device-link.js';
import {
  ephemeralSecretTexts,
  identitySecretTexts,
  secretsIn,
  type SecretText,
} from './helpers/key-encodings.js';

const JWT_SECRET = 'the-operator-knows-this-secret-0123456789';
const V2_NOTE = 'the words only the two of us may read';
const V1_NOTE = 'legacy words the server could always read';
const V2_ANSWER = 'the answer only the two of us may read';

/**
 * Every run of base64, base64url or hex characters anywhere in the text (inside JSON strings, log
 * lines, column values) that decodes to 32 bytes: the candidates for a key's entropy.
 */
function candidateEntropies(text: string): Uint8Array[] {
  const candidates: Uint8Array[] = [];
  for (const [token] of text.matchAll(/[A-Za-z0-9+/_-]{40,}={0,2}/g)) {
    for (const encoding of ['base64', 'base64url', 'hex'] as const) {
      const bytes = Buffer.from(token, encoding);
      if (bytes.length === 32) candidates.push(new Uint8Array(bytes));
    }
  }
  return candidates;
}

/**
 * The threat model's first line: someone holding everything the server holds (a dump of every
 * table, JWT_SECRET, the log) cannot open a v2 note, and can open a v1 note, so the test can tell
 * the two apart.
 */
describe.each(DRIVERS)('a server dump opens v1 notes and not v2 notes (%s)', (driver) => {
  const logLines: string[] = [];
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let aliceIdentity: Identity;
  let bobIdentity: Identity;
  let v2Id: string;
  let v1Id: string;
  let linkKeyPairs: KeyPair[];

  /** Another device of the user: a session of its own, as a second browser signs in. */
  async function signInAgain(user: TestUser): Promise<string> {
    const signedIn = await request<Session>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(signedIn.status).toBe(200);
    return signedIn.body.access_token;
  }

  beforeAll(async () => {
    server = await startTestServer(driver, {
      env: { JWT_SECRET },
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    [alice, bob, carol, dave] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    await pair(server.url, carol, dave);
    [aliceIdentity, bobIdentity] = [await createIdentity(), await createIdentity()];
    await publishIdentities(server.url, [
      [alice, aliceIdentity],
      [bob, bobIdentity],
    ]);

    v2Id = crypto.randomUUID();
    const sealed = await sealNoteV2({
      note: V2_NOTE,
      messageId: v2Id,
      senderId: alice.id,
      receiverId: bob.id,
      senderIdentity: aliceIdentity,
      partnerPublicKey: bobIdentity.publicKey,
    });
    const sentV2 = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: {
        id: v2Id,
        receiverId: bob.id,
        intensity: 9,
        urgency: 7,
        encrypted: true,
        content: sealed.noteEncrypted,
        encryptionData: sealed.encryptionData,
      },
    });
    expect(sentV2.status).toBe(201);
    const answerNote = await sealNoteV2({
      note: V2_ANSWER,
      messageId: v2Id,
      senderId: bob.id,
      receiverId: alice.id,
      purpose: 'answer',
      senderIdentity: bobIdentity,
      partnerPublicKey: aliceIdentity.publicKey,
    });
    const answered = await request(server.url, 'PUT', `/api/messages/${v2Id}/answer`, {
      token: bob.token,
      body: {
        choice: 'in',
        note: { content: answerNote.noteEncrypted, encryptionData: answerNote.encryptionData },
      },
    });
    expect(answered.status).toBe(200);

    v1Id = crypto.randomUUID();
    const legacy = await encryptNote(V1_NOTE, carol.id, dave.id);
    const sentV1 = await request(server.url, 'POST', '/api/messages', {
      token: carol.token,
      body: {
        id: v1Id,
        receiverId: dave.id,
        intensity: 4,
        urgency: 3,
        encrypted: true,
        content: legacy.ciphertext,
        encryptionData: { iv: legacy.iv, salt: legacy.salt, version: legacy.version },
      },
    });
    expect(sentV1.status).toBe(201);

    // Alice links a laptop from her phone, and Bob restores his key on a new device from the
    // phrase: both through this server, so the dump and the log below saw them.
    const link = await linkDeviceThroughServer(
      server.url,
      { token: alice.token, identity: aliceIdentity },
      { token: await signInAgain(alice) },
    );
    expect(link.linked.keyId).toBe(aliceIdentity.keyId);
    expect(link.codes[0]).toBe(link.codes[1]);
    linkKeyPairs = link.ephemeralKeyPairs;
    const bobNewDevice = await signInAgain(bob);
    const keys = await request<IdentityKeysAnswer>(server.url, 'GET', '/api/keys', {
      token: bobNewDevice,
    });
    const restored = await identityFromPhrase(bobIdentity.phrase);
    expect(restored.keyId).toBe(keys.body.own?.key_id);
  });
  afterAll(() => server?.close());

  async function dumpEverything(): Promise<Record<string, unknown[]>> {
    const db = server.database.db;
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const dump: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      dump[name] = (await db.query(`SELECT * FROM "${name}"`)).rows;
    }
    return dump;
  }

  it('lets the partner open the v2 note from the inbox (the note is real)', async () => {
    const inbox = await request<{ messages: Message[] }>(server.url, 'GET', '/api/messages', {
      token: bob.token,
    });
    const stored = inbox.body.messages.find((message) => message.id === v2Id)!;
    const opened = await openNoteV2({
      noteEncrypted: stored.note_encrypted!,
      encryptionData: stored.encryption_data,
      messageId: stored.id,
      senderId: stored.sender_id,
      receiverId: stored.receiver_id,
      myIdentity: bobIdentity,
      senderPublicKey: aliceIdentity.publicKey,
    });
    expect(opened).toBe(V2_NOTE);
  });

  it('cannot open the v2 note with anything in the dump, the secret or the log', async () => {
    const dump = await dumpEverything();
    expect(Object.keys(dump)).toEqual(expect.arrayContaining(['messages', 'identity_keys']));
    const everything = JSON.stringify({ dump, JWT_SECRET, log: logLines });
    expect(everything).not.toContain(V2_NOTE);

    const row = (dump.messages as Message[]).find((message) => message.id === v2Id)!;
    const attempt = (identity: Identity) =>
      openNoteV2({
        noteEncrypted: row.note_encrypted!,
        encryptionData: row.encryption_data,
        messageId: row.id,
        senderId: row.sender_id,
        receiverId: row.receiver_id,
        myIdentity: identity,
        senderPublicKey: aliceIdentity.publicKey,
      });

    const candidates = candidateEntropies(everything);
    candidates.push(new Uint8Array(Buffer.from(JWT_SECRET).subarray(0, 32)));
    expect(candidates.length).toBeGreaterThan(0);
    let opened = 0;
    for (const entropy of candidates) {
      const identity = await identityFromEntropy(entropy);
      await attempt(identity).then(
        () => (opened += 1),
        (error: unknown) => expect(error).toBeInstanceOf(E2eError),
      );
    }
    expect(opened).toBe(0);
    // A key of the server's own making is no better than one derived from the dump.
    await expect(attempt(await createIdentity())).rejects.toMatchObject({
      reason: 'NoKeyForThisDevice',
    });
  });

  it("cannot open the answer's v2 note with anything in the dump, the secret or the log", async () => {
    const dump = await dumpEverything();
    const everything = JSON.stringify({ dump, JWT_SECRET, log: logLines });
    expect(everything).not.toContain(V2_ANSWER);
    const row = (dump.desire_answers as DesireAnswer[]).find((entry) => entry.message_id === v2Id)!;
    const attempt = (identity: Identity) =>
      openNoteV2({
        noteEncrypted: row.note_encrypted!,
        encryptionData: row.encryption_data,
        messageId: v2Id,
        senderId: bob.id,
        receiverId: alice.id,
        purpose: 'answer',
        myIdentity: identity,
        senderPublicKey: bobIdentity.publicKey,
      });
    // The note is real: the asker's own key opens it.
    expect(await attempt(aliceIdentity)).toBe(V2_ANSWER);
    let opened = 0;
    for (const entropy of candidateEntropies(everything)) {
      await attempt(await identityFromEntropy(entropy)).then(
        () => (opened += 1),
        (error: unknown) => expect(error).toBeInstanceOf(E2eError),
      );
    }
    expect(opened).toBe(0);
  });

  it('holds no private key, seed or recovery word in any encoding, after a link and a restore', async () => {
    const secrets: SecretText[] = [
      ...(await identitySecretTexts('alice', aliceIdentity)),
      ...(await identitySecretTexts('bob', bobIdentity)),
      ...(await ephemeralSecretTexts('link ephemeral key', linkKeyPairs)),
    ];
    const dump = JSON.stringify(await dumpEverything());
    expect(dump).toContain(aliceIdentity.publicKey);
    expect(secretsIn(dump, secrets)).toEqual([]);
    expect(secretsIn(logLines.join('\n'), secrets)).toEqual([]);
    // The search finds each kind of leak it looks for.
    const leak = JSON.stringify({
      words: bobIdentity.phrase.split(' '),
      seed: [...bobIdentity.entropy],
    });
    expect(secretsIn(leak, secrets)).toEqual(['bob seed byte list', 'bob recovery words in order']);
  });

  it('opens the v1 note from the same dump, so the test can tell the two apart', async () => {
    const dump = await dumpEverything();
    const row = (dump.messages as Message[]).find((message) => message.id === v1Id)!;
    const data = row.encryption_data as { iv: string; salt: string; version: number };
    const opened = await decryptNote(
      { ciphertext: row.note_encrypted!, ...data },
      row.sender_id,
      row.receiver_id,
    );
    expect(opened).toBe(V1_NOTE);
  });
});
