import { createHash, randomBytes } from 'node:crypto';
import {
  REFRESH_TOKEN_REUSE_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  TEMPORARY_USERNAME_PREFIX,
  usernameSchema,
  type ApiAnswer,
  type AuthUser,
  type Session,
  type SignInBody,
  type SignUpBody,
  SOURCE_LOCALE,
  type Locale,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from '../errors.js';
import { parseInput } from '../http/validate.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';
import { announceEndedSessions } from './sessions-service.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function temporaryUsername(): string {
  return TEMPORARY_USERNAME_PREFIX + randomBytes(8).toString('hex').slice(0, 15);
}

function toAuthUser(row: repo.UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    created_at: row.created_at,
    email_confirmed_at: row.email_confirmed_at,
  };
}

/** A new session of the user, and its id (a recovery link records which session it opened). */
export async function openSession(
  ctx: AppContext,
  q: Queryable,
  user: repo.UserRow,
): Promise<{ session: Session; sessionId: string }> {
  const sessionId = await repo.insertSession(q, user.id);
  const refreshToken = randomToken();
  await repo.insertRefreshToken(q, {
    hash: hashToken(refreshToken),
    sessionId,
    ttlDays: REFRESH_TOKEN_TTL_DAYS,
  });
  const access = await ctx.tokens.signAccessToken({ userId: user.id, sessionId });
  const session: Session = {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: toAuthUser(user),
  };
  return { session, sessionId };
}

export async function issueSession(
  ctx: AppContext,
  q: Queryable,
  user: repo.UserRow,
): Promise<Session> {
  return (await openSession(ctx, q, user)).session;
}

async function chooseInitialUsername(q: Queryable, requested: string | undefined): Promise<string> {
  if (requested === undefined || requested.trim() === '') return temporaryUsername();
  const username = parseInput(usernameSchema, requested);
  if (await repo.usernameExists(q, username)) throw new HttpError('username_taken');
  return username;
}

/** `language`: the sign-up request's (Accept-Language), which the confirmation mail is in. */
export async function signUp(
  ctx: AppContext,
  input: SignUpBody,
  language: Locale = SOURCE_LOCALE,
): Promise<ApiAnswer<'signUp'>> {
  const passwordHash = await hashPassword(input.password);
  const requireConfirmation = ctx.config.REQUIRE_EMAIL_CONFIRMATION;
  const confirmationToken = randomToken();
  const result = await ctx.db
    .transaction(async (tx) => {
      const username = await chooseInitialUsername(tx, input.username);
      const user = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        confirmed: !requireConfirmation,
      });
      if (!user) throw new HttpError('email_taken');
      await repo.insertProfile(tx, { id: user.id, username, authMethod: 'email' });
      if (!requireConfirmation) return issueSession(ctx, tx, user);
      await repo.insertEmailConfirmation(tx, {
        hash: hashToken(confirmationToken),
        userId: user.id,
      });
      return { user: toAuthUser(user), session: null } as const;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'profiles_username_key')) throw new HttpError('username_taken');
      if (isUniqueViolation(error, 'users_email_key')) throw new HttpError('email_taken');
      throw error;
    });
  if ('session' in result) {
    const link = new URL('/api/auth/confirm', ctx.config.PUBLIC_URL);
    link.searchParams.set('token', confirmationToken);
    await ctx.mailer
      .sendConfirmation(input.email, link.toString(), language)
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'confirmation e-mail could not be sent');
      });
  }
  return result;
}

export async function signIn(ctx: AppContext, input: SignInBody): Promise<Session> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const valid = await ctx.limits.guardPasswordCheck(input.email, () =>
    verifyPassword(user?.password_hash, input.password),
  );
  if (!user || !valid) throw new HttpError('invalid_credentials');
  await ctx.limits.clearFailedSignIns(input.email);
  if (!user.email_confirmed_at) throw new HttpError('email_not_confirmed');
  return ctx.db.transaction((tx) => issueSession(ctx, tx, user));
}

/**
 * Rotates a refresh token. Its successor is derived from it (tokens.refreshSuccessor), so a
 * retry within REFRESH_TOKEN_REUSE_SECONDS, while the successor is unused, gets the same
 * successor as the first answer: two tabs, or an answer lost on the way, both keep working.
 * Any other use of a rotated token means two parties hold it: the whole session is revoked,
 * so a thief's copy dies with the owner's.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<Session> {
  const hash = hashToken(refreshToken);
  type Outcome = { session: Session } | { session: null; revokedSessionId: string | null };
  const refused = { session: null, revokedSessionId: null };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const token = await repo.lockRefreshToken(tx, hash, REFRESH_TOKEN_REUSE_SECONDS);
    if (!token || token.expired || token.session_revoked) return refused;
    if (token.rotated && !token.reusable) {
      await repo.revokeSession(tx, token.session_id, 'refresh_token_reuse');
      return { session: null, revokedSessionId: token.session_id };
    }
    const user = await repo.findUserById(tx, token.user_id);
    if (!user) return refused;
    const next = ctx.tokens.refreshSuccessor(refreshToken);
    if (token.rotated)
      await repo.dropOtherUnusedRefreshTokens(tx, token.session_id, hashToken(next));
    else await repo.markTokenRotated(tx, hash);
    await repo.insertRefreshToken(tx, {
      hash: hashToken(next),
      sessionId: token.session_id,
      ttlDays: REFRESH_TOKEN_TTL_DAYS,
    });
    const access = await ctx.tokens.signAccessToken({
      userId: user.id,
      sessionId: token.session_id,
    });
    const session: Session = {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: next,
      user: toAuthUser(user),
    };
    return { session };
  });
  if (outcome.session) return outcome.session;
  if (outcome.revokedSessionId) announceEndedSessions(ctx, [outcome.revokedSessionId]);
  throw new HttpError('invalid_refresh_token');
}

/** Revokes the session named by the access token or the refresh token; idempotent. */
export async function signOut(
  ctx: AppContext,
  by: { sessionId?: string | undefined; refreshToken?: string | undefined },
): Promise<void> {
  const revoked = await ctx.db.transaction(async (tx) => {
    const sessionIds = new Set<string>();
    if (by.sessionId) sessionIds.add(by.sessionId);
    if (by.refreshToken) {
      const token = await repo.lockRefreshToken(tx, hashToken(by.refreshToken));
      if (token) sessionIds.add(token.session_id);
    }
    for (const sessionId of sessionIds) await repo.revokeSession(tx, sessionId, 'logout');
    return sessionIds;
  });
  announceEndedSessions(ctx, [...revoked]);
}

export async function getCurrentUser(ctx: AppContext, userId: string): Promise<AuthUser> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new HttpError('session_missing');
  return toAuthUser(user);
}

export async function confirmEmail(ctx: AppContext, token: string): Promise<void> {
  const confirmed = await ctx.db.transaction((tx) =>
    repo.consumeEmailConfirmation(tx, hashToken(token)),
  );
  if (!confirmed) throw new HttpError('invalid_confirmation');
}
