import { randomBytes } from 'node:crypto';
import { createClient } from '@farcaster/quick-auth';
import { FARCASTER_EMAIL_HOST, type FarcasterSignInBody, type Session } from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { HttpError } from '../errors.js';
import { issueSession, temporaryUsername } from '../auth/service.js';
import * as authRepo from '../auth/repository.js';
import * as repo from './repository.js';

/**
 * The e-mail-shaped identifier of a Farcaster account. Its host is reserved (RFC 2606/6761): it can
 * never receive mail or belong to a real mailbox, and e-mail sign-up refuses it.
 */
export function farcasterEmail(fid: number): string {
  return `${fid}@${FARCASTER_EMAIL_HOST}`;
}

/** jose errors that mean "this token is not acceptable" (as opposed to "the issuer is down"). */
const REJECTED_TOKEN_CODES = new Set([
  'ERR_JWT_INVALID',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
]);

function isRejectedToken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'InvalidToken' || (typeof code === 'string' && REJECTED_TOKEN_CODES.has(code));
}

export interface QuickAuthVerifier {
  /** The fid the token was issued for; throws HttpError 401 for any unacceptable token. */
  verify(token: string): Promise<number>;
  /** The fid and when the token was issued (seconds), checked as verify does. */
  verifyIssued(token: string): Promise<{ fid: number; issuedAt: number }>;
}

/**
 * Verifies Quick Auth JWTs with @farcaster/quick-auth: RS256 against the issuer's JWKS at
 * <origin>/.well-known/jwks.json, iss = origin, aud = PUBLIC_URL's host, exp checked.
 */
export function createQuickAuthVerifier(ctx: AppContext): QuickAuthVerifier {
  const client = createClient({ origin: ctx.config.FARCASTER_QUICK_AUTH_ORIGIN });
  const domain = new URL(ctx.config.PUBLIC_URL).host;
  async function verifyIssued(token: string) {
    let sub: unknown;
    let iat: unknown;
    try {
      ({ sub, iat } = await client.verifyJwt({ token, domain }));
    } catch (error) {
      if (isRejectedToken(error)) throw new HttpError('authentication_failed');
      // The issuer could not be asked (network, bad JWKS): not the caller's fault.
      ctx.log.warn({ err: error }, 'Quick Auth verification unavailable');
      throw new HttpError('service_unavailable');
    }
    const fid = typeof sub === 'string' && /^\d{1,15}$/.test(sub) ? Number(sub) : sub;
    if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) {
      throw new HttpError('authentication_failed');
    }
    return { fid, issuedAt: typeof iat === 'number' ? iat : 0 };
  }
  return {
    verifyIssued,
    verify: async (token) => (await verifyIssued(token)).fid,
  };
}

/**
 * A first sign-in's account: an e-mail-shaped identifier from the fid, no password at all
 * (password_hash NULL: no password can ever sign in), confirmed, and a temporary username so
 * that the user onboards. If the identifier is somehow taken already (it cannot be signed up
 * for through the product, but an operator might have), a random suffix keeps it unique; the
 * fid, not the identifier, is what finds the account later.
 */
async function createAccount(
  ctx: AppContext,
  tx: Queryable,
  fid: number,
  username: string | null,
): Promise<Session> {
  const user =
    (await authRepo.insertUser(tx, {
      email: farcasterEmail(fid),
      passwordHash: null,
      confirmed: true,
    })) ??
    (await authRepo.insertUser(tx, {
      email: `${fid}.${randomBytes(4).toString('hex')}@${FARCASTER_EMAIL_HOST}`,
      passwordHash: null,
      confirmed: true,
    }));
  if (!user) throw new HttpError('email_taken');
  await authRepo.insertProfile(tx, {
    id: user.id,
    username: temporaryUsername(),
    authMethod: 'farcaster',
    farcasterId: fid,
    farcasterUsername: username,
  });
  return issueSession(ctx, tx, user);
}

/** Signs a Farcaster user in with a verified Quick Auth token; the first time creates the account. */
export async function signInWithFarcaster(
  ctx: AppContext,
  verifier: QuickAuthVerifier,
  input: FarcasterSignInBody,
): Promise<Session> {
  const fid = await verifier.verify(input.token);
  const existing = await repo.findUserByFarcasterId(ctx.db, fid);
  if (existing) {
    return ctx.db.transaction(async (tx) => {
      if (input.username) await repo.updateFarcasterUsername(tx, fid, input.username);
      return issueSession(ctx, tx, existing);
    });
  }
  try {
    return await ctx.db.transaction((tx) => createAccount(ctx, tx, fid, input.username ?? null));
  } catch (error) {
    // Two first sign-ins raced: the other one created the account; use it.
    if (!isUniqueViolation(error, 'profiles_farcaster_id_key')) throw error;
    const created = await repo.findUserByFarcasterId(ctx.db, fid);
    if (!created) throw error;
    return ctx.db.transaction((tx) => issueSession(ctx, tx, created));
  }
}
