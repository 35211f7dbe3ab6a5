import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentity,
  signKeyPredecessor,
  signKeyRotation,
  type AccountData,
  type Identity,
  type IdentityKeysAnswer,
  type KeyHistoryAnswer,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';

function keyBody(identity: Identity, rotationSignature?: string) {
  return {
    public_key: identity.publicKey,
    key_id: identity.keyId,
    ...(rotationSignature === undefined ? {} : { rotation_signature: rotationSignature }),
  };
}

/** What a device holding `previous` sends to replace it with `next`: both signatures. */
async function rotationBody(userId: string, previous: Identity, next: Identity) {
  const [rotation_signature, predecessor_signature] = await Promise.all([
    signKeyRotation({ userId, previous, nextPublicKey: next.publicKey }),
    signKeyPredecessor({ userId, signer: next, predecessorKeyId: previous.keyId }),
  ]);
  return { ...keyBody(next), rotation_signature, predecessor_signature };
}

describe.each(DRIVERS)('key rotation signatures (%s)', (driver) => {
  let server: TestServer;
  let dave: TestUser;
  let erin: TestUser;

  const publish = (user: TestUser, body: unknown) =>
    request(server.url, 'PUT', '/api/keys/identity', { token: user.token, body });
  const currentKeyOf = async (user: TestUser) =>
    (await request<IdentityKeysAnswer>(server.url, 'GET', '/api/keys', { token: user.token })).body
      .own?.key_id;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [dave, erin] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, dave, erin);
  });
  afterAll(() => server?.close());

  it('refuses a signature on a first key: there is no key to have signed it', async () => {
    const [first, stranger] = await Promise.all([createIdentity(), createIdentity()]);
    const signature = await signKeyRotation({
      userId: dave.id,
      previous: stranger,
      nextPublicKey: first.publicKey,
    });
    const answer = await publish(dave, keyBody(first, signature));
    expect(answer).toMatchObject({ status: 400, body: { code: 'rotation_signature_invalid' } });
    expect(await currentKeyOf(dave)).toBeUndefined();
  });

  it('stores the previous key’s signature with the new key and answers it in the history', async () => {
    const [first, next] = await Promise.all([createIdentity(), createIdentity()]);
    expect((await publish(dave, keyBody(first))).status).toBe(200);
    const signature = await signKeyRotation({
      userId: dave.id,
      previous: first,
      nextPublicKey: next.publicKey,
    });
    expect((await publish(dave, keyBody(next, signature))).status).toBe(200);

    const history = await request<KeyHistoryAnswer>(server.url, 'GET', '/api/keys/history', {
      token: erin.token,
    });
    expect(history.body.partner).toMatchObject([
      { key_id: next.keyId, rotation_signature: signature, replaced_at: null },
      { key_id: first.keyId, rotation_signature: null },
    ]);
  });

  it('refuses a well-formed signature that the current key did not make', async () => {
    const [forger, next] = await Promise.all([createIdentity(), createIdentity()]);
    const before = await currentKeyOf(dave);
    const forged = await signKeyRotation({
      userId: dave.id,
      previous: forger,
      nextPublicKey: next.publicKey,
    });
    const answer = await publish(dave, keyBody(next, forged));
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'rotation_signature_invalid', error: expect.any(String) },
    });
    expect(await currentKeyOf(dave)).toBe(before);
  });

  it('answers malformed signatures with 400 invalid_input, as JSON', async () => {
    const next = await createIdentity();
    for (const rotation_signature of [
      'A'.repeat(85),
      `${'A'.repeat(85)}B`,
      `${'+'.repeat(86)}`,
      7,
    ]) {
      const answer = await publish(dave, { ...keyBody(next), rotation_signature });
      expect(answer, String(rotation_signature)).toMatchObject({
        status: 400,
        body: { code: 'invalid_input', error: expect.stringContaining('rotation_signature') },
      });
    }
  });

  it('makes the database refuse a malformed signature, even from the owner', async () => {
    const next = await createIdentity();
    const insert = server.database.db.asUser(erin.id, (tx) =>
      tx.query(
        `INSERT INTO identity_keys (user_id, public_key, key_id, rotation_signature)
         VALUES ($1, $2, $3, $4)`,
        [erin.id, next.publicKey, next.keyId, 'not a signature'],
      ),
    );
    await expect(insert).rejects.toThrow(/check constraint|violates/);
  });
});

describe.each(DRIVERS)('key predecessor signatures (%s)', (driver) => {
  let server: TestServer;
  let frank: TestUser;
  let gina: TestUser;
  let current: Identity;

  const publish = (body: unknown) =>
    request(server.url, 'PUT', '/api/keys/identity', { token: frank.token, body });
  const currentKeyId = async () =>
    (await request<IdentityKeysAnswer>(server.url, 'GET', '/api/keys', { token: frank.token })).body
      .own?.key_id;
  const vouch = (signer: Identity, predecessor: Identity) =>
    signKeyPredecessor({ userId: frank.id, signer, predecessorKeyId: predecessor.keyId });
  const refused = async (body: unknown) => {
    expect(await publish(body)).toMatchObject({
      status: 400,
      body: { code: 'predecessor_signature_invalid', error: expect.any(String) },
    });
    expect(await currentKeyId()).toBe(current.keyId);
  };

  beforeAll(async () => {
    server = await startTestServer(driver);
    [frank, gina] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, frank, gina);
    current = await createIdentity();
    expect((await publish(keyBody(current))).status).toBe(200);
  });
  afterAll(() => server?.close());

  it('stores the new key’s signature of the replaced key and answers it, and exports it', async () => {
    const next = await createIdentity();
    const body = await rotationBody(frank.id, current, next);
    expect((await publish(body)).status).toBe(200);
    const replaced = current;
    current = next;

    const history = await request<KeyHistoryAnswer>(server.url, 'GET', '/api/keys/history', {
      token: gina.token,
    });
    expect(history.body.partner).toMatchObject([
      { key_id: next.keyId, predecessor_signature: body.predecessor_signature },
      { key_id: replaced.keyId, predecessor_signature: null, rotation_signature: null },
    ]);
    const exported = await request<AccountData>(server.url, 'GET', '/api/account/export', {
      token: frank.token,
    });
    expect(exported.body.identity_keys).toMatchObject([
      { key_id: replaced.keyId, predecessor_signature: null },
      { key_id: next.keyId, predecessor_signature: body.predecessor_signature },
    ]);
  });

  it('refuses a broken signature, or one by another key than the new one', async () => {
    const [next, forger] = await Promise.all([createIdentity(), createIdentity()]);
    const body = await rotationBody(frank.id, current, next);
    const signature = body.predecessor_signature;
    await refused({
      ...body,
      predecessor_signature: (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1),
    });
    await refused({ ...body, predecessor_signature: await vouch(forger, current) });
    // Nor one the current key made of its own id: the new key must vouch.
    await refused({ ...body, predecessor_signature: await vouch(current, current) });
  });

  it('refuses a signature over another key than the current one', async () => {
    const [next, other] = await Promise.all([createIdentity(), createIdentity()]);
    const body = await rotationBody(frank.id, current, next);
    await refused({ ...body, predecessor_signature: await vouch(next, other) });
  });

  it('refuses it without a rotation signature: a device vouches only for a key it held', async () => {
    const next = await createIdentity();
    const { predecessor_signature } = await rotationBody(frank.id, current, next);
    await refused({ ...keyBody(next), predecessor_signature });
  });

  it('answers malformed signatures with 400 invalid_input, as JSON', async () => {
    const body = await rotationBody(frank.id, current, await createIdentity());
    for (const predecessor_signature of ['A'.repeat(85), `${'A'.repeat(85)}B`, '+'.repeat(86), 7]) {
      const answer = await publish({ ...body, predecessor_signature });
      expect(answer, String(predecessor_signature)).toMatchObject({
        status: 400,
        body: { code: 'invalid_input', error: expect.stringContaining('predecessor_signature') },
      });
    }
    expect(await currentKeyId()).toBe(current.keyId);
  });

  it('makes the database refuse one without a rotation signature, even from the owner', async () => {
    const next = await createIdentity();
    const { predecessor_signature } = await rotationBody(frank.id, current, next);
    const insert = server.database.db.asUser(frank.id, (tx) =>
      tx.query(
        `INSERT INTO identity_keys (user_id, public_key, key_id, predecessor_signature)
         VALUES ($1, $2, $3, $4)`,
        [frank.id, next.publicKey, next.keyId, predecessor_signature],
      ),
    );
    await expect(insert).rejects.toThrow(/identity_keys_predecessor_with_rotation/);
  });
});
