import type { DeleteAccountBody } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { findUserById } from '../auth/repository.js';
import { verifyPassword } from '../auth/passwords.js';
import type { AccessClaims } from '../auth/tokens.js';
import { decideDelivery } from '../delivery/decide.js';
import type { QuickAuthVerifier } from '../farcaster/auth-service.js';
import { selectOwnProfile } from '../profile/repository.js';
import * as repo from './repository.js';

/** A Quick Auth token older than this does not confirm a deletion: it must be fresh. */
export const FRESH_SIGN_IN_SECONDS = 5 * 60;

/**
 * The password (through the same per-account slowdown as sign-in, so a stolen access token
 * cannot be used to guess it), or for a Farcaster account a Quick Auth token of the same fid
 * issued within FRESH_SIGN_IN_SECONDS.
 */
async function confirmIdentity(
  ctx: AppContext,
  verifier: QuickAuthVerifier,
  owner: { email: string; password_hash: string | null; farcaster_id: number | null },
  body: DeleteAccountBody,
): Promise<void> {
  if (body.password !== undefined) {
    if (!owner.password_hash) throw new HttpError('reauthentication_required');
    const password = body.password;
    const valid = await ctx.limits.guardPasswordCheck(owner.email, () =>
      verifyPassword(owner.password_hash, password),
    );
    if (!valid) throw new HttpError('reauthentication_failed');
    return;
  }
  if (owner.farcaster_id === null || body.farcaster_token === undefined) {
    throw new HttpError('reauthentication_required');
  }
  const issued = await verifier.verifyIssued(body.farcaster_token).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 'authentication_failed') {
      throw new HttpError('reauthentication_failed');
    }
    throw error;
  });
  const age = Date.now() / 1000 - issued.issuedAt;
  if (issued.fid !== owner.farcaster_id || age > FRESH_SIGN_IN_SECONDS) {
    throw new HttpError('reauthentication_failed');
  }
}

/** Deletes the caller's account at once; its sessions end and the partner is told. */
export async function deleteAccount(
  ctx: AppContext,
  verifier: QuickAuthVerifier,
  caller: AccessClaims,
  body: DeleteAccountBody,
): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  const profile = await ctx.db.asUser(caller.userId, selectOwnProfile);
  if (!user || !profile) throw new HttpError('session_missing');
  await confirmIdentity(ctx, verifier, { ...user, farcaster_id: profile.farcaster_id }, body);
  const deleted = await ctx.db.transaction((tx) => repo.deleteAccountData(tx, caller.userId));
  for (const sessionId of deleted.sessionIds) ctx.events.emit('sessionRevoked', { sessionId });
  ctx.events.emit('accountDeleted', {
    userId: caller.userId,
    username: profile.username,
    formerPartner: decideDelivery('partnerAccountDeleted', deleted.formerPartner, ctx.clock.now()),
  });
}
