import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentity,
  signKeyRotation,
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
