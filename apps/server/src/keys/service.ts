import {
  LINK_REQUEST_TTL_SECONDS,
  keyIdOfPublicKey,
  linkCommitment,
  verifyKeyPredecessor,
  verifyKeyRotation,
  type IdentityKeysAnswer,
  type KeyHistoryAnswer,
  type PendingLinkRequestsAnswer,
  type KeyInfo,
  type LinkRequestAnswer,
  type PublishIdentityKeyBody,
  type RespondLinkRequestBody,
  type RevealLinkRequestBody,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
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
 * The new key's signature of the current key's id is kept only beside a rotation signature: a
 * device vouches backwards only for a key it held itself, which is when it can sign forwards.
 */
async function checkPredecessorSignature(
  userId: string,
  current: KeyInfo | null,
  key: PublishIdentityKeyBody,
): Promise<void> {
  if (key.predecessor_signature === undefined) return;
  const valid =
    current !== null &&
    key.rotation_signature !== undefined &&
    (await verifyKeyPredecessor({
      userId,
      signer: { keyId: key.key_id, publicKey: key.public_key },
      predecessorKeyId: current.key_id,
      signature: key.predecessor_signature,
    }));
  if (!valid) throw new HttpError('predecessor_signature_invalid');
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
      await checkPredecessorSignature(userId, current, key);
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

/** Step 1: a new device of the caller's account commits to its ephemeral key and nonce. */
export function createLinkRequest(
  ctx: AppContext,
  userId: string,
  commitment: string,
): Promise<{ id: string; expires_at: string }> {
  return ctx.db.asUser(userId, (tx) =>
    repo.insertLinkRequest(tx, userId, commitment, LINK_REQUEST_TTL_SECONDS),
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
    commitment: found.commitment,
    approver_public_key: found.approver_public_key,
    approver_nonce: found.approver_nonce,
    ephemeral_public_key: found.ephemeral_public_key,
    nonce: found.nonce,
    expires_at: found.expires_at,
    sealed_payload: found.sealed_payload,
  };
}

/** Runs one step on the caller's locked, open request, after the step's own order check. */
function onOpenRequest<T>(
  ctx: AppContext,
  userId: string,
  id: string,
  step: (tx: Queryable, found: repo.StoredLinkRequest) => Promise<T>,
): Promise<T> {
  return ctx.db.asUser(userId, async (tx) =>
    step(tx, openRequestOrThrow(await repo.selectLinkRequest(tx, id, { lock: true }))),
  );
}

/** Step 2: an existing device answers a commitment once, with its own ephemeral key and nonce. */
export function respondLinkRequest(
  ctx: AppContext,
  userId: string,
  id: string,
  answer: RespondLinkRequestBody,
): Promise<{ id: string }> {
  return onOpenRequest(ctx, userId, id, async (tx, found) => {
    if (found.approver_public_key !== null) throw new HttpError('link_step_out_of_order');
    await repo.answerLinkRequest(tx, id, answer);
    return { id };
  });
}

/**
 * Step 3: the new device reveals, once and only after the answer, what it committed to. The
 * devices check the commitment themselves; the server refuses a mismatch so it never relays one.
 */
export function revealLinkRequest(
  ctx: AppContext,
  userId: string,
  id: string,
  reveal: RevealLinkRequestBody,
): Promise<{ id: string }> {
  return onOpenRequest(ctx, userId, id, async (tx, found) => {
    if (found.approver_public_key === null || found.ephemeral_public_key !== null) {
      throw new HttpError('link_step_out_of_order');
    }
    const committed = await linkCommitment(reveal.ephemeral_public_key, reveal.nonce).catch(
      () => null,
    );
    if (committed !== found.commitment) throw new HttpError('link_commitment_mismatch');
    await repo.revealLinkRequest(tx, id, reveal);
    return { id };
  });
}

/** Step 5: the approving device answers once, with the identity's seed sealed to the new one. */
export function approveLinkRequest(
  ctx: AppContext,
  userId: string,
  id: string,
  sealedPayload: string,
): Promise<{ id: string; approved_at: string }> {
  return onOpenRequest(ctx, userId, id, async (tx, found) => {
    if (found.approved) throw new HttpError('link_request_approved');
    if (found.ephemeral_public_key === null) throw new HttpError('link_step_out_of_order');
    if (!(await repo.lockCurrentKey(tx, userId))) throw new HttpError('no_identity_key');
    return repo.approveLinkRequest(tx, id, sealedPayload);
  });
}
