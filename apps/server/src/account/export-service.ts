import type { ApiAnswer } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { findUserById } from '../auth/repository.js';
import type { AccessClaims } from '../auth/tokens.js';
import { selectOwnLocale, selectOwnProfile, selectPartnerSummary } from '../profile/repository.js';
import { selectOwnAnswers, selectOwnMessages, selectOwnPairings } from './export-repository.js';
import { selectOwnRecords, selectSignInRecords } from './export-records-repository.js';
import { selectOwnWishes } from '../wishes/export.js';

/**
 * Everything the server holds about the caller (docs/export-format.md): encrypted notes stay as
 * stored, and secrets (password and token hashes, push keys, notification tokens) are left out.
 * The sign-in's tables are read as the owner for this user only; the rest as the user.
 */
export async function exportAccount(
  ctx: AppContext,
  caller: AccessClaims,
): Promise<ApiAnswer<'exportAccount'>> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw new HttpError('session_missing');
  const signIn = await selectSignInRecords(ctx.db, caller.userId);
  return ctx.db.asUser(caller.userId, async (tx) => {
    const profile = await selectOwnProfile(tx);
    if (!profile) throw new HttpError('profile_not_found');
    const partner = await selectPartnerSummary(tx);
    const pairings = await selectOwnPairings(tx, caller.userId);
    return {
      profile: {
        id: profile.id,
        email: user.email,
        username: profile.username,
        auth_method: profile.auth_method,
        farcaster_id: profile.farcaster_id,
        farcaster_username: profile.farcaster_username,
        email_confirmed_at: user.email_confirmed_at,
        created_at: profile.created_at,
        locale: await selectOwnLocale(tx),
      },
      pairings: pairings.map((pairing) => ({
        ...pairing,
        partner_username:
          partner && partner.id === pairing.partner_id && pairing.ended_at === null
            ? partner.username
            : null,
      })),
      sent: await selectOwnMessages(tx, caller.userId, 'sent'),
      received: await selectOwnMessages(tx, caller.userId, 'received'),
      answers: await selectOwnAnswers(tx, caller.userId),
      ...signIn,
      ...(await selectOwnRecords(tx, caller.userId)),
      wishes: await selectOwnWishes(tx, caller.userId),
    };
  });
}
