import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  SERVER_TEXTS,
  goTrueRecoverBodySchema,
  goTrueUpdateUserBodySchema,
  goTrueVerifyBodySchema,
  goTrueVerifyQuerySchema,
  type Session,
} from '@couple/protocol';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser } from '../auth/guard.js';
import { HttpError } from '../errors.js';
import { rateLimitFor } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import * as auth from '../auth/service.js';
import * as credentials from '../auth/credentials.js';
import { requestLocale } from '../http/request-locale.js';
import { GoTrueError } from './errors.js';
import { goTrueSession, goTrueUser } from './auth-v1-user.js';

const redirectQuerySchema = z.object({ redirect_to: z.string().max(2048).optional() });

const EXPIRED_LINK = 'Email link is invalid or has expired';

/**
 * Where a verified link goes: redirect_to when it is on this server's origin, else the app's
 * root. Any other address would make the link an open redirect that carries a session.
 */
function redirectTarget(publicUrl: string, requested: string | undefined): URL {
  const home = new URL('/', publicUrl);
  if (!requested) return home;
  try {
    const target = new URL(requested);
    if (target.origin !== home.origin) return home;
    target.hash = '';
    return target;
  } catch {
    return home;
  }
}

/** GoTrue's implicit-grant redirect: the session in the fragment, which supabase-js reads. */
function sessionFragment(session: Session, type: string): string {
  return new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    type,
  }).toString();
}

/** A current password that does not match, or that is missing outside a recovery session. */
function currentPasswordError(error: unknown): never {
  if (error instanceof HttpError && error.code === 'current_password_invalid') {
    throw new GoTrueError(400, 'current_password_mismatch', SERVER_TEXTS.currentPasswordInvalid);
  }
  throw error;
}

/** resetPasswordForEmail: mails a link to GET /verify, which leads to redirect_to. */
function recoverRoute(app: FastifyInstance, ctx: AppContext): void {
  const { config } = ctx;
  app.post('/recover', rateLimitFor(app, config, 'requestPasswordReset'), async (request) => {
    const { email } = parseInput(goTrueRecoverBodySchema, request.body);
    const { redirect_to } = parseInput(redirectQuerySchema, request.query);
    const redirect = redirectTarget(config.PUBLIC_URL, redirect_to);
    await credentials.requestPasswordReset(
      ctx,
      email,
      (token) => {
        const link = new URL('/auth/v1/verify', config.PUBLIC_URL);
        link.search = new URLSearchParams({
          token,
          type: 'recovery',
          redirect_to: redirect.toString(),
        }).toString();
        return link.toString();
      },
      requestLocale(request.headers['accept-language']),
    );
    return {};
  });
}

/** The recovery link: GET from the mailbox (a redirect), or POST as verifyOtp (a session). */
function verifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config } = ctx;
  // Opened from the mailbox, so it carries no apikey (requireApiKey lets it through).
  app.get('/verify', rateLimitFor(app, config, 'resetPassword'), async (request, reply) => {
    const query = parseInput(goTrueVerifyQuerySchema, request.query);
    const target = redirectTarget(config.PUBLIC_URL, query.redirect_to);
    try {
      const session = await credentials.verifyRecovery(ctx, query.token);
      target.hash = sessionFragment(session, 'recovery');
    } catch (error) {
      if (!(error instanceof HttpError && error.code === 'invalid_reset_token')) throw error;
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: EXPIRED_LINK,
      }).toString();
    }
    return reply.redirect(target.toString(), 303);
  });

  app.post('/verify', rateLimitFor(app, config, 'resetPassword'), async (request) => {
    const { token_hash } = parseInput(goTrueVerifyBodySchema, request.body);
    const session = await credentials.verifyRecovery(ctx, token_hash).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'invalid_reset_token') {
        throw new GoTrueError(403, 'otp_expired', EXPIRED_LINK);
      }
      throw error;
    });
    return goTrueSession(session);
  });
}

/** Without the current password, a change is allowed only in a session a recovery link opened. */
async function requireCurrentPassword(ctx: AppContext, sessionId: string): Promise<void> {
  if (!(await credentials.isRecoverySession(ctx, sessionId))) {
    throw new GoTrueError(
      400,
      'current_password_required',
      'Current password required when setting new password.',
    );
  }
}

/**
 * updateUser: a new password or address needs the current password (current_password), except
 * in a session that a recovery link opened within the hour, as after PASSWORD_RECOVERY.
 */
function updateUserRoute(app: FastifyInstance, ctx: AppContext): void {
  app.put('/user', rateLimitFor(app, ctx.config, 'changePassword'), async (request) => {
    const claims = requireUser(request);
    const body = parseInput(goTrueUpdateUserBodySchema, request.body);
    const wantsChange = body.email !== undefined || body.password !== undefined;
    const currentPassword: string | null = body.current_password ?? null;
    if (wantsChange && currentPassword === null)
      await requireCurrentPassword(ctx, claims.sessionId);
    let newEmail: string | undefined;
    if (body.email !== undefined) {
      const user = await auth.getCurrentUser(ctx, claims.userId);
      if (body.email !== user.email) {
        await credentials
          .requestEmailChange(
            ctx,
            claims,
            { email: body.email, currentPassword },
            requestLocale(request.headers['accept-language']),
          )
          .catch(currentPasswordError);
        newEmail = body.email;
      }
    }
    if (body.password !== undefined) {
      await credentials
        .changePassword(ctx, claims, { currentPassword, password: body.password })
        .catch(currentPasswordError);
    }
    const user = goTrueUser(await auth.getCurrentUser(ctx, claims.userId));
    return newEmail
      ? { ...user, new_email: newEmail, email_change_sent_at: new Date().toISOString() }
      : user;
  });
}

/**
 * /auth/v1 for the credential calls of supabase-js: resetPasswordForEmail (recover), the
 * recovery link (verify, GET from the mailbox or POST as verifyOtp) and updateUser (PUT user).
 */
export const authV1CredentialRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  recoverRoute(app, ctx);
  verifyRoutes(app, ctx);
  updateUserRoute(app, ctx);
};
