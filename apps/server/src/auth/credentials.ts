import {
  EMAIL_CHANGE_TTL_HOURS,
  FARCASTER_EMAIL_HOST,
  PASSWORD_RESET_TTL_MINUTES,
  type Session,
  SOURCE_LOCALE,
  type Locale,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { readRecipient } from '../profile/recipient.js';
import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from '../errors.js';
import type { AccessClaims } from './tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import * as links from './credentials-repository.js';
import { hashToken, openSession, randomToken } from './service.js';
import { announceEndedSessions } from './sessions-service.js';

/** Where a reset link leads: the web page (/api) or the /auth/v1/verify redirect (supabase-js). */
export type ResetLink = (token: string) => string;

export function isFarcasterAddress(email: string): boolean {
  return email.endsWith(`@${FARCASTER_EMAIL_HOST}`);
}

/**
 * Sends a reset link if the address has an account with a mailbox. The answer and its timing
 * are the same either way: the per-address budget is counted for every address, and the token
 * and the mail are made after the answer, in the background. The mail is in the account's
 * language, or the request's (`language`) when the account has none stored.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  linkFor: ResetLink,
  language: Locale = SOURCE_LOCALE,
): Promise<void> {
  await ctx.limits.takeResetEmail(email);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || isFarcasterAddress(user.email)) return;
  ctx.background.run(
    async () => {
      const token = randomToken();
      await links.insertPasswordReset(ctx.db, {
        hash: hashToken(token),
        userId: user.id,
        ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
      });
      const { locale } = await readRecipient(ctx, user.id, language);
      await ctx.mailer.sendPasswordReset(user.email, linkFor(token), locale);
    },
    (error) => ctx.log.error({ err: error }, 'password reset e-mail could not be sent'),
  );
}

/**
 * Uses a reset link: the link and every other open link of the account stop working, the
 * address counts as confirmed, and, when a new password is given, it is set and every session
 * of the account ends. The answer is a new session on this device.
 */
async function useResetLink(
  ctx: AppContext,
  token: string,
  newPassword: string | null,
): Promise<Session> {
  const passwordHash = newPassword === null ? null : await hashPassword(newPassword);
  const hash = hashToken(token);
  const outcome = await ctx.db.transaction(async (tx) => {
    const userId = await links.consumePasswordReset(tx, hash);
    const user = userId ? await repo.findUserById(tx, userId) : undefined;
    if (!user) return null;
    let revoked: string[] = [];
    if (passwordHash) {
      await links.setPasswordHash(tx, user.id, passwordHash, true);
      revoked = await links.revokeUserSessions(tx, user.id, 'password_reset', null);
    } else {
      await repo.confirmUserEmail(tx, user.id);
    }
    await links.dropOpenLinks(tx, user.id);
    // The user row again: the reset may just have confirmed the address.
    const { session, sessionId } = await openSession(
      ctx,
      tx,
      (await repo.findUserById(tx, user.id))!,
    );
    if (!passwordHash) await links.attachRecoverySession(tx, hash, sessionId);
    return { session, revoked, email: user.email };
  });
  if (!outcome) throw new HttpError('invalid_reset_token');
  announceEndedSessions(ctx, outcome.revoked);
  await ctx.limits.clearFailedSignIns(outcome.email);
  return outcome.session;
}

/** POST /api/auth/reset-password: the new password, set by the link's token. */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<Session> {
  return useResetLink(ctx, token, password);
}

/** /auth/v1/verify type=recovery: a session in which updateUser may set the password. */
export async function verifyRecovery(ctx: AppContext, token: string): Promise<Session> {
  return useResetLink(ctx, token, null);
}

/** Whether this session came from a reset link used within the link's lifetime. */
export function isRecoverySession(ctx: AppContext, sessionId: string): Promise<boolean> {
  return links.isRecoverySession(ctx.db, sessionId, PASSWORD_RESET_TTL_MINUTES);
}

/** The signed-in account with a password; its current password checked like a sign-in. */
async function accountWithPassword(
  ctx: AppContext,
  userId: string,
  currentPassword: string | null,
): Promise<repo.UserRow> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new HttpError('session_missing');
  if (!user.password_hash) throw new HttpError('no_password');
  if (currentPassword === null) return user;
  // The sign-in throttle of the account: a stolen session cannot guess the password faster.
  const valid = await ctx.limits.guardPasswordCheck(user.email, () =>
    verifyPassword(user.password_hash, currentPassword),
  );
  if (!valid) throw new HttpError('current_password_invalid');
  return user;
}

/**
 * Sets a new password and ends every other session of the account (this one stays). The
 * current password is required, except (null) in a recovery session that the caller checked.
 */
export async function changePassword(
  ctx: AppContext,
  claims: AccessClaims,
  change: { currentPassword: string | null; password: string },
): Promise<void> {
  const user = await accountWithPassword(ctx, claims.userId, change.currentPassword);
  const passwordHash = await hashPassword(change.password);
  const revoked = await ctx.db.transaction(async (tx) => {
    await links.setPasswordHash(tx, user.id, passwordHash, false);
    await links.dropOpenLinks(tx, user.id);
    return links.revokeUserSessions(tx, user.id, 'password_change', claims.sessionId);
  });
  announceEndedSessions(ctx, revoked);
}

/**
 * Asks to move the account to a new address: a link goes to the new address, and the current
 * one is told. Nothing changes until the link is followed. The current password is required,
 * except (null) in a recovery session that the caller checked.
 */
export async function requestEmailChange(
  ctx: AppContext,
  claims: AccessClaims,
  change: { email: string; currentPassword: string | null },
  language: Locale = SOURCE_LOCALE,
): Promise<void> {
  const user = await accountWithPassword(ctx, claims.userId, change.currentPassword);
  if (change.email === user.email) throw new HttpError('email_unchanged');
  if (await repo.findUserByEmail(ctx.db, change.email)) throw new HttpError('email_taken');
  const token = randomToken();
  await links.insertEmailChange(ctx.db, {
    hash: hashToken(token),
    userId: user.id,
    newEmail: change.email,
    ttlHours: EMAIL_CHANGE_TTL_HOURS,
  });
  const link = new URL('/api/auth/email-change/confirm', ctx.config.PUBLIC_URL);
  link.searchParams.set('token', token);
  const failed = (error: unknown) =>
    ctx.log.error({ err: error }, 'e-mail change mail could not be sent');
  // Both mails go to this person: in their language, or the request's when none is stored.
  const { locale } = await readRecipient(ctx, user.id, language);
  await Promise.all([
    ctx.mailer.sendEmailChange(change.email, link.toString(), locale).catch(failed),
    ctx.mailer.sendEmailChangeNotice(user.email, change.email, locale).catch(failed),
  ]);
}

/** Follows an e-mail change link; false for an unknown, used or expired one, or a taken address. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db
    .transaction(async (tx) => {
      const change = await links.consumeEmailChange(tx, hashToken(token));
      if (!change) return false;
      await links.setEmail(tx, change.user_id, change.new_email);
      return true;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'users_email_key')) return false;
      throw error;
    });
}
