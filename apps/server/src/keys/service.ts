import {
  LINK_REQUEST_TTL_SECONDS,
  keyIdOfPublicKey,
  verifyKeyRotation,
  type IdentityKeysAnswer,
  type KeyHistoryAnswer,
  type PendingLinkRequestsAnswer,
  type KeyInfo,
  type LinkRequestAnswer,
  type PublishIdentityKeyBody,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from '../http/errors.js';
import * as repo from './repository.js';

/** The caller's current identity key and their partner's, each with the key it replaced. */
export function getIdentityKeys(ctx: AppContext, userId: string): Promise<IdentityKeysAnswer> {
  return ctx.db.asUser(userId, (tx) => repo.selectCurrentKeys(tx, userId));
}

/** Every key the caller and their partner published: old notes name the key that sealed them. */
export function getKeyHistory(ctx: AppContext, userId: string): Promise<KeyHistoryAnswer> {
  return ctx.db.asUser(userId, (tx) => repo.selectKeyHistory(tx, userId));
}

/** The request a new device of the account is waiting on, for a signed-in device to approve. */
export async function listLinkRequests(
  ctx: AppContext,
  userId: string,
): Promise<PendingLinkRequestsAnswer> {
  return { requests: await ctx.db.asUser(userId, (tx) => repo.selectPendingLinkRequests(tx)) };
}

/**
 * A rotation signature is kept only when the key being replaced made it: the partner's device
 * checks it again against the keys it pinned, this only stops storing a chain that cannot hold.
 */
async function checkRotationSignature(
  userId: string,
  current: KeyInfo | null,
  key: PublishIdentityKeyBody,
): Promise<void> {
  if (key.rotation_signature === undefined) return;
  const valid =
    current !== null &&
    (await verifyKeyRotation({
      userId,
      signer: { keyId: current.key_id, publicKey: current.public_key },
      nextPublicKey: key.public_key,
      signature: key.rotation_signature,
    }));
  if (!valid) throw new HttpError('rotation_signature_invalid');
}

/**
 * Makes a key the caller's current one. Publishing the current key again changes nothing; a
 * different key keeps the old one as history and tells the partner after the commit.
 */
export async function publishIdentityKey(
  ctx: AppContext,
  userId: string,
  key: PublishIdentityKeyBody,
): Promise<KeyInfo> {
  if ((await keyIdOfPublicKey(key.public_key)) !== key.key_id) {
    throw new HttpError('key_id_mismatch');
  }
  const outcome = await ctx.db
    .asUser(userId, async (tx) => {
      const current = await repo.lockCurrentKey(tx, userId);
      if (current?.key_id === key.key_id) return { changed: false, key: current } as const;
      await checkRotationSignature(userId, current, key);
      const published = await repo.replaceCurrentKey(tx, userId, key, current?.key_id ?? null);
      return { changed: true, key: published, partnerId: await repo.selectPartnerId(tx) } as const;
    })
    .catch((error: unknown) => {
      // Two devices published at once and the other won: the client retries and sees its key.
      if (isUniqueViolation(error, 'identity_keys_current')) throw new HttpError('conflict_retry');
      throw error;
    });
  if (outcome.changed) {
    ctx.events.emit('identityKeyChanged', {
      userId,
      partnerId: outcome.partnerId,
      keyId: outcome.key.key_id,
      previousKeyId: outcome.key.previous_key_id,
    });
  }
  return outcome.key;
}

/** A new device of the caller's account asks for the identity key, sealed to its own key. */
export function createLinkRequest(
  ctx: AppContext,
  userId: string,
  ephemeralPublicKey: string,
): Promise<{ id: string; expires_at: string }> {
  return ctx.db.asUser(userId, (tx) =>
    repo.insertLinkRequest(tx, userId, ephemeralPublicKey, LINK_REQUEST_TTL_SECONDS),
  );
}

function openRequestOrThrow(found: repo.StoredLinkRequest | null): repo.StoredLinkRequest {
  if (!found) throw new HttpError('link_request_not_found');
  if (found.expired) throw new HttpError('link_request_expired');
  return found;
}

/** A request of the caller's own account; another account's is not found. */
export async function getLinkRequest(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<LinkRequestAnswer> {
  const found = openRequestOrThrow(
    await ctx.db.asUser(userId, (tx) => repo.selectLinkRequest(tx, id)),
  );
  return {
    id: found.id,
    ephemeral_public_key: found.ephemeral_public_key,
    expires_at: found.expires_at,
    sealed_payload: found.sealed_payload,
  };
}

/** An existing device answers a request once, with the identity key sealed to the new device. */
export function approveLinkRequest(
  ctx: AppContext,
  userId: string,
  id: string,
  sealedPayload: string,
): Promise<{ id: string; approved_at: string }> {
  return ctx.db.asUser(userId, async (tx) => {
    const found = openRequestOrThrow(await repo.selectLinkRequest(tx, id, { lock: true }));
    if (found.approved) throw new HttpError('link_request_approved');
    if (!(await repo.lockCurrentKey(tx, userId))) throw new HttpError('no_identity_key');
    return repo.approveLinkRequest(tx, id, sealedPayload);
  });
}
