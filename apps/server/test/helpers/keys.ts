import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { EncryptionDataV2 } from '@couple/protocol';
import { request, type TestUser } from './api.js';

export interface IdentityKey {
  public_key: string;
  key_id: string;
}

/** A real P-256 public key, raw and uncompressed, with its key id (the format spec). */
export function identityKey(): IdentityKey {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  return {
    public_key: raw.toString('base64url'),
    key_id: createHash('sha256').update(raw).digest().subarray(0, 16).toString('base64url'),
  };
}

export async function publishKey(baseUrl: string, user: TestUser, key = identityKey()) {
  const published = await request(baseUrl, 'PUT', '/api/keys/identity', {
    token: user.token,
    body: key,
  });
  if (published.status !== 200)
    throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
  return key;
}

/** Publishes the public half of real identities (made with createIdentity) for each user. */
export async function publishIdentities(
  baseUrl: string,
  pairs: readonly (readonly [TestUser, { publicKey: string; keyId: string }])[],
): Promise<void> {
  for (const [user, identity] of pairs) {
    await publishKey(baseUrl, user, { public_key: identity.publicKey, key_id: identity.keyId });
  }
}

/** Well-shaped but fake v2 data: random bytes where the client would put real ones. */
export function fakeV2(senderKeyId: string, recipientKeyIds: string[]): EncryptionDataV2 {
  return {
    version: 2,
    iv: randomBytes(12).toString('base64url'),
    sender_key_id: senderKeyId,
    recipients: recipientKeyIds.map((key_id) => ({
      key_id,
      enc: identityKey().public_key,
      wrapped_key: randomBytes(48).toString('base64url'),
    })),
  };
}

/** A v2 desire as a client sends it: AES-GCM output as standard base64. */
export function v2Desire(data: EncryptionDataV2, overrides: Record<string, unknown> = {}) {
  return {
    intensity: 6,
    urgency: 2,
    encrypted: true,
    content: randomBytes(40).toString('base64'),
    encryptionData: data,
    ...overrides,
  };
}
